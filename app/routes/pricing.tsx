import { memo, useDeferredValue, useState } from "react";
import { BillingToggle } from "../components/pricing/billing-toggle.tsx";
import { EmployeeCalculator } from "../components/pricing/employee-calculator.tsx";
import { OfferBanner } from "../components/pricing/offer-banner.tsx";
import { PriceFormatContext } from "../components/pricing/price-format.tsx";
import { RolesSection } from "../components/pricing/roles-section.tsx";
import { PageHeader } from "../components/ui/page-header.tsx";
import { useNow } from "../hooks/use-now.ts";
import { useT } from "../hooks/use-t.ts";
import { localeFromRequest, pageMessages } from "../lib/i18n/page-loader.server.ts";
import { LOCALE_TAGS } from "../lib/locale.ts";
import { activeOffer } from "../lib/offers.ts";
import { metaFromMessages } from "../lib/page-meta.ts";
import { priceFormatFor } from "../lib/pricing/format.ts";
import {
  type BillingPeriod,
  DEFAULT_BILLING_PERIOD,
  savingPercent,
} from "../lib/pricing/prices.ts";
import { SITE } from "../lib/site-config.ts";
import type { Route } from "./+types/pricing";
import "../components/pricing/pricing.css";

/**
 * The price format is read from `Intl` here, at build time: the browser's first currency
 * `Intl.NumberFormat` loads ICU's number data, 100 ms and more of one task on a phone.
 */
export function loader({ request }: Route.LoaderArgs) {
  const locale = LOCALE_TAGS[localeFromRequest(request)];
  return {
    ...pageMessages(request, ["pricing"]),
    priceFormat: priceFormatFor(locale, SITE.currency),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  metaFromMessages("pricing", "pricing", location.pathname, loaderData?.messages);

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const t = useT();
  // The offer depends on today's date, so it appears only after hydration (useNow).
  const now = useNow();
  const offer = now ? activeOffer(now) : null;
  const [billing, setBilling] = useState<BillingPeriod>(DEFAULT_BILLING_PERIOD);
  // The switch answers the tap in its own frame; the prices it changes follow in a render
  // that React may interrupt (decision record 29: the tap's next paint waits for nothing else).
  const pricedBilling = useDeferredValue(billing);
  return (
    <PriceFormatContext value={loaderData.priceFormat}>
      {offer ? <OfferBanner offer={offer} /> : null}
      <PageHeader
        eyebrow={t("pricing.eyebrow")}
        heading={t("pricing.heading")}
        intro={t("pricing.intro")}
      >
        <BillingToggle value={billing} savingPercent={savingPercent(offer)} onChange={setBilling} />
      </PageHeader>
      <PricedCalculator billing={pricedBilling} offer={offer} />
      <PricedRoles billing={pricedBilling} offer={offer} />
    </PriceFormatContext>
  );
}

/** Re-rendered only when the prices change, not in the tap's own render. */
const PricedCalculator = memo(EmployeeCalculator);
const PricedRoles = memo(RolesSection);
