import type { ReactNode } from "react";
import { useT } from "../../hooks/use-t.ts";
import { CALLS_TO_ACTION } from "../../lib/navigation.ts";
import { REGISTER_CTA_ATTRIBUTE } from "../../lib/trial-bar.ts";
import { SmartLink } from "./smart-link.tsx";

interface CallToActionProps {
  /** Where on the page the link sits, for the tracking event's section. */
  section?: string;
  className?: string;
  /** The label, when the place needs other words than the navigation's. */
  children?: ReactNode;
}

/** The register call to action: the app's sign-up page, tracked as `register`. */
export function RegisterLink({ section, className, children }: CallToActionProps) {
  const t = useT();
  return (
    <SmartLink
      href={CALLS_TO_ACTION.tryNow}
      className={className}
      trackingId="register"
      trackingSection={section}
      // Buttons, not inline text links, send the trial bar out of sight while on screen.
      {...(className?.split(" ").includes("button") ? { [REGISTER_CTA_ATTRIBUTE]: "" } : {})}
    >
      {children ?? t("common.nav.tryNow")}
    </SmartLink>
  );
}

/** The book-a-demo call to action: the booking page in a new tab, tracked as `book-demo`. */
export function BookDemoLink({ section, className, children }: CallToActionProps) {
  const t = useT();
  return (
    <SmartLink
      href={CALLS_TO_ACTION.bookDemo}
      className={className}
      trackingId="book-demo"
      trackingSection={section}
    >
      {children ?? t("common.nav.bookDemo")}
    </SmartLink>
  );
}
