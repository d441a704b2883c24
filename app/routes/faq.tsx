import { PageHeader } from "../components/ui/page-header.tsx";
import { SmartLink } from "../components/ui/smart-link.tsx";
import { isFaqSlug } from "../content/faqs.ts";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { messageText } from "../lib/i18n/translator.ts";
import { buildPageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/faq";

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["faqs"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location, params }) => {
  const messages = loaderData?.messages ?? {};
  return buildPageMeta({
    pathname: location.pathname,
    title: messageText(
      messages[`faqs.items.${params.slug}.question`] ?? messages["faqs.meta.title"],
    ),
    description: messageText(messages["faqs.meta.description"]),
    isIndexable: true,
  });
};

/** SPEC §2: a single question; an id that matches no question renders nothing of the FAQ. */
export default function Faq({ params }: Route.ComponentProps) {
  const t = useT();
  const slug = params.slug;
  if (!isFaqSlug(slug)) return null;
  return (
    <PageHeader heading={t(`faqs.items.${slug}.question`)}>
      <SmartLink href="/faqs" className="back-link">
        {t("faqs.back")}
      </SmartLink>
    </PageHeader>
  );
}
