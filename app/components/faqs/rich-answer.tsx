import type { ReactNode } from "react";
import { useT } from "../../hooks/use-t.ts";
import type { MessageKey } from "../../lib/i18n/keys.ts";
import { SITE } from "../../lib/site-config.ts";
import { BookDemoLink } from "../ui/calls-to-action.tsx";
import { SmartLink } from "../ui/smart-link.tsx";

/**
 * The tags an answer or legal text may use: blocks (`<p>`, `<ul>`, `<li>`, `<strong>`) and
 * links by purpose, so translators move a link within the sentence but never its target.
 */
export const RICH_TAGS = {
  p: (chunks: ReactNode[]) => <p>{chunks}</p>,
  ul: (chunks: ReactNode[]) => <ul>{chunks}</ul>,
  li: (chunks: ReactNode[]) => <li>{chunks}</li>,
  strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
  contact: (chunks: ReactNode[]) => (
    <SmartLink href={`mailto:${SITE.supportEmail}`} trackingId="support-email">
      {chunks}
    </SmartLink>
  ),
  demo: (chunks: ReactNode[]) => <BookDemoLink>{chunks}</BookDemoLink>,
  pricing: (chunks: ReactNode[]) => <SmartLink href="/pricing">{chunks}</SmartLink>,
  integration: (chunks: ReactNode[]) => (
    <SmartLink href="/xero-integration/how-we-integrate">{chunks}</SmartLink>
  ),
  faqs: (chunks: ReactNode[]) => <SmartLink href="/faqs">{chunks}</SmartLink>,
  terms: (chunks: ReactNode[]) => <SmartLink href="/terms">{chunks}</SmartLink>,
  privacy: (chunks: ReactNode[]) => <SmartLink href="/privacy-policy">{chunks}</SmartLink>,
  cookieSettings: (chunks: ReactNode[]) => <SmartLink href="#cookie-settings">{chunks}</SmartLink>,
};

interface RichAnswerProps {
  messageKey: MessageKey;
  className?: string;
}

/** A catalogue message of paragraphs, lists and links, rendered as HTML blocks. */
export function RichAnswer({ messageKey, className }: RichAnswerProps) {
  const t = useT();
  return <div className={className ?? "prose"}>{t.rich(messageKey, RICH_TAGS)}</div>;
}
