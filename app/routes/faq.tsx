import { data } from "react-router";
import { FaqHelp } from "../components/faqs/faq-help.tsx";
import { JsonLd } from "../components/faqs/json-ld.tsx";
import { RichAnswer } from "../components/faqs/rich-answer.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { SmartLink } from "../components/ui/smart-link.tsx";
import { FAQ_SLUGS, isFaqSlug } from "../content/faqs.ts";
import { useLocale } from "../hooks/use-locale.ts";
import { useT } from "../hooks/use-t.ts";
import { excerpt } from "../lib/faqs/excerpt.ts";
import { plainText } from "../lib/faqs/plain-text.ts";
import { breadcrumbJsonLd } from "../lib/faqs/structured-data.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { type CompiledMessages, messageText } from "../lib/i18n/translator.ts";
import { localizePath } from "../lib/locale.ts";
import { absoluteUrl, buildPageMeta, documentTitle } from "../lib/seo.ts";
import type { Route } from "./+types/faq";
import "../components/faqs/faqs.css";

export function loader({ request, params }: Route.LoaderArgs) {
  // Only known slugs are prerendered; anything else is a 404 (the server says so too).
  if (!isFaqSlug(params.slug)) throw data(null, { status: 404 });
  return pageMessages(request, ["faqs"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location, params, matches }) => {
  if (!loaderData) {
    // An unknown slug (the ErrorBoundary shows): the not-found page's title, from the layout.
    const layout = matches.find((match) => match?.id.endsWith("-layout"));
    const shell = (layout?.loaderData as { messages?: CompiledMessages } | undefined)?.messages;
    return [
      { title: documentTitle(messageText(shell?.["common.notFound.meta.title"])) },
      { name: "robots", content: "noindex,nofollow" },
    ];
  }
  const messages = loaderData.messages;
  return buildPageMeta({
    pathname: location.pathname,
    title: messageText(messages[`faqs.items.${params.slug}.question`]),
    description: excerpt(plainText(messages[`faqs.items.${params.slug}.answer`])),
    isIndexable: true,
  });
};

/** SPEC §2: a single question; an id that matches no question renders nothing of the FAQ. */
export default function Faq({ params }: Route.ComponentProps) {
  const t = useT();
  const locale = useLocale();
  const slug = params.slug;
  if (!isFaqSlug(slug)) return null;
  const question = t(`faqs.items.${slug}.question`);
  const others = FAQ_SLUGS.filter((other) => other !== slug);
  return (
    <>
      <PageHeader heading={question}>
        <nav aria-label={t("faqs.breadcrumbLabel")} className="breadcrumb">
          <ol>
            <li>
              <SmartLink href="/faqs">{t("faqs.breadcrumb")}</SmartLink>
            </li>
            <li aria-current="page">{question}</li>
          </ol>
        </nav>
      </PageHeader>
      <section className="faq-page">
        <div className="container faq-page__inner faq-page__inner--single">
          <article className="faq-single">
            <RichAnswer
              messageKey={`faqs.items.${slug}.answer`}
              className="prose faq-single__answer"
            />
            <SmartLink href="/faqs" className="back-link">
              {t("faqs.back")}
            </SmartLink>
          </article>
          <nav className="faq-more" aria-labelledby="faq-more-heading">
            <h2 id="faq-more-heading">{t("faqs.more")}</h2>
            <ul>
              {others.map((other) => (
                <li key={other}>
                  <SmartLink href={`/faqs/${other}`}>{t(`faqs.items.${other}.question`)}</SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <FaqHelp />
        </div>
      </section>
      <JsonLd
        data={breadcrumbJsonLd([
          { name: t("faqs.breadcrumb"), url: absoluteUrl(localizePath("/faqs", locale)) },
          { name: question, url: absoluteUrl(localizePath(`/faqs/${slug}`, locale)) },
        ])}
      />
    </>
  );
}

/**
 * In-app navigation to an unknown slug fetches `/faqs/<slug>.data`, which the server answers
 * with 404: show the not-found copy instead of the FAQ (and instead of crashing).
 */
export function ErrorBoundary() {
  const t = useT();
  return (
    <PageHeader heading={t("common.notFound.heading")} intro={t("common.notFound.text")}>
      <SmartLink href="/faqs" className="button button--primary">
        {t("common.notFound.faqs")}
      </SmartLink>
    </PageHeader>
  );
}
