import { PageHeader } from "../components/ui/page-header.tsx";
import { SmartLink } from "../components/ui/smart-link.tsx";
import { useT } from "../hooks/use-t.ts";
import { type CompiledMessages, messageText } from "../lib/i18n/translator.ts";
import { documentTitle } from "../lib/seo.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((match) => match?.id.endsWith("-layout"));
  const messages = (layout?.loaderData as { messages?: CompiledMessages } | undefined)?.messages;
  return [
    { title: documentTitle(messageText(messages?.["common.notFound.meta.title"])) },
    { name: "description", content: messageText(messages?.["common.notFound.meta.description"]) },
    { name: "robots", content: "noindex,nofollow" },
  ];
};

/** Served with status 404 by the server for every unknown path in the locale. */
export default function NotFound() {
  const t = useT();
  return (
    <PageHeader heading={t("common.notFound.heading")} intro={t("common.notFound.text")}>
      <div className="button-row">
        <SmartLink href="/" className="button button--primary">
          {t("common.notFound.home")}
        </SmartLink>
        <SmartLink href="/faqs" className="button button--secondary">
          {t("common.notFound.faqs")}
        </SmartLink>
      </div>
    </PageHeader>
  );
}
