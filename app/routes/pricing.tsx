import { useState } from "react";
import { BillingToggle } from "../components/pricing/billing-toggle.tsx";
import { EmployeeCalculator } from "../components/pricing/employee-calculator.tsx";
import { OfferBanner } from "../components/pricing/offer-banner.tsx";
import { RolesSection } from "../components/pricing/roles-section.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { useNow } from "../hooks/use-now.ts";
import { useT } from "../hooks/use-t.ts";
import { pageMessages } from "../lib/i18n/page-loader.server.ts";
import { activeOffer } from "../lib/offers.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { formatPrice } from "../lib/pricing/format.ts";
import {
  type BillingPeriod,
  DEFAULT_BILLING_PERIOD,
  savingPercent,
} from "../lib/pricing/prices.ts";
import { SITE } from "../lib/site-config.ts";
import type { Route } from "./+types/pricing";
import "../components/pricing/pricing.css";

// The first Intl.NumberFormat of a page loads ICU's number data: 20-30 ms here, several
// times that on a phone. Paying it while this chunk evaluates, in a task of its own, keeps
// it out of the hydration render that formats every price.
if (typeof document !== "undefined") {
  formatPrice(0, document.documentElement.lang, SITE.currency);
}

export function loader({ request }: Route.LoaderArgs) {
  return pageMessages(request, ["pricing"]);
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("pricing", "pricing", location.pathname, loaderData?.messages);

export default function Pricing() {
  const t = useT();
  // The offer depends on today's date, so it appears only after hydration (useNow).
  const now = useNow();
  const offer = now ? activeOffer(now) : null;
  const [billing, setBilling] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  return (
    <>
      {offer ? <OfferBanner offer={offer} /> : null}
      <PageHeader
        eyebrow={t("pricing.eyebrow")}
        heading={t("pricing.heading")}
        intro={t("pricing.intro")}
      >
        <BillingToggle value={billing} savingPercent={savingPercent(offer)} onChange={setBilling} />
      </PageHeader>
      <EmployeeCalculator billing={billing} offer={offer} />
      <RolesSection billing={billing} offer={offer} />
    </>
  );
}
