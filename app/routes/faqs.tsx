import type { ShouldRevalidateFunctionArgs } from "react-router";
import { FaqBrowser } from "../components/faqs/faq-browser.tsx";
import { FaqHelp } from "../components/faqs/faq-help.tsx";
import { JsonLd } from "../components/faqs/json-ld.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { FAQ_SLUGS } from "../content/faqs.ts";
import { useT } from "../hooks/use-t.ts";
import { faqEntries } from "../lib/faqs/entries.ts";
import { faqPageJsonLd } from "../lib/faqs/structured-data.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/faqs";
import "../components/faqs/faqs.css";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["faqs"]);
}

// The filter only changes `?q=`: the page's messages stay the same, so skip the refetch.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("faqs", "faqs", location.pathname, loaderData?.messages);

export default function Faqs({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const entries = faqEntries(FAQ_SLUGS, "faqs.items", loaderData.messages);
  return (
    <>
      <PageHeader heading={t("faqs.heading")} intro={t("faqs.intro")} />
      <section className="faq-page">
        <div className="container faq-page__inner">
          <FaqBrowser entries={entries} />
          <FaqHelp />
        </div>
      </section>
      <JsonLd data={faqPageJsonLd(entries)} />
    </>
  );
}
