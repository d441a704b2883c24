import type accessibility from "../../locales/en/accessibility.json";
import type common from "../../locales/en/common.json";
import type consent from "../../locales/en/consent.json";
import type faqs from "../../locales/en/faqs.json";
import type features from "../../locales/en/features.json";
import type form from "../../locales/en/form.json";
import type integration from "../../locales/en/integration.json";
import type landing from "../../locales/en/landing.json";
import type mail from "../../locales/en/mail.json";
import type mockups from "../../locales/en/mockups.json";
import type pricing from "../../locales/en/pricing.json";
import type privacy from "../../locales/en/privacy.json";
import type referrals from "../../locales/en/referrals.json";
import type terms from "../../locales/en/terms.json";
import type xero from "../../locales/en/xero.json";
import type { Namespace } from "./namespaces.ts";

/** English is the source catalogue: its keys are the only valid message ids. */
interface EnglishCatalogues {
  common: typeof common;
  form: typeof form;
  landing: typeof landing;
  xero: typeof xero;
  features: typeof features;
  referrals: typeof referrals;
  pricing: typeof pricing;
  faqs: typeof faqs;
  terms: typeof terms;
  privacy: typeof privacy;
  integration: typeof integration;
  mail: typeof mail;
  consent: typeof consent;
  mockups: typeof mockups;
  accessibility: typeof accessibility;
}

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A customer quote's field, supplied by the deployment (app/lib/landing/testimonials.server.ts). */
type TestimonialKey =
  `landing.testimonials.items.${string}.${"name" | "role" | "company" | "quote"}`;

/** Every message id, such as `common.forms.required` or `pricing.meta.title`. */
export type MessageKey =
  | {
      [N in Namespace]: `${N}.${Leaves<EnglishCatalogues[N]>}`;
    }[Namespace]
  | TestimonialKey;
