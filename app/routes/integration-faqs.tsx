import { FaqAccordionItem } from "../components/faqs/faq-accordion-item.tsx";
import { RICH_TAGS } from "../components/faqs/rich-answer.tsx";
import { GuideNextSteps } from "../components/integration/guide-next-steps.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { INTEGRATION_FAQ_IDS } from "../content/faqs.ts";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import type { Route } from "./+types/integration-faqs";
import "../components/faqs/faqs.css";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["integration"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("integration-faqs", "integration.faqs", location.pathname, loaderData?.messages);

/**
 * SPEC §2: the integration FAQs, with the same accordion as the FAQ list. The questions
 * come first, on a phone's first screen too; the closing section leads to the diagram.
 */
export default function IntegrationFaqs() {
  const t = useT();
  return (
    <>
      <PageHeader eyebrow={t("integration.heading")} heading={t("integration.faqs.heading")} />
      <section className="faq-page">
        <div className="container faq-page__inner">
          <div className="faq-list">
            {INTEGRATION_FAQ_IDS.map((id) => (
              <FaqAccordionItem
                key={id}
                question={t(`integration.faqs.items.${id}.question`)}
                answer={t.rich(`integration.faqs.items.${id}.answer`, RICH_TAGS)}
              />
            ))}
          </div>
        </div>
      </section>
      <GuideNextSteps current="faqs" />
    </>
  );
}
