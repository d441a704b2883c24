import type { ReactNode } from "react";
import { useT } from "../../hooks/use-t.ts";
import type { MessageKey } from "../../lib/i18n/keys.ts";
import { MASTHEAD_IMAGE_SIZES } from "../../lib/landing/image-sizes.ts";
import { HERO_ACTIONS_ATTRIBUTE } from "../../lib/trial-bar.ts";
import { BookDemoLink, RegisterLink } from "../ui/calls-to-action.tsx";
import { ProductScreenshot } from "./product-screenshot.tsx";
import { TrustStrip } from "./trust-strip.tsx";

interface MastheadProps {
  headingKey: MessageKey;
  subtitleKey: MessageKey;
  /** The three selling points, in order. */
  pointKeys: readonly [MessageKey, MessageKey, MessageKey];
  /** A page's own addition above the trust strip, inside the masthead's band. */
  children?: ReactNode;
}

/**
 * The landing masthead (SPEC §2): headline, sub-title, three selling points, the book-a-demo
 * (new tab) and register calls to action, and the product screenshot, which is the page's
 * largest paint and so loads eagerly with high priority. Under them, the trust strip: the
 * spec's hard facts, where a visitor weighs the claims above. Needs `landing.trust`.
 */
export function Masthead({ headingKey, subtitleKey, pointKeys, children }: MastheadProps) {
  const t = useT();
  return (
    <section className="masthead" id="top" aria-labelledby="masthead-heading">
      <div className="container masthead__inner">
        <div className="masthead__copy">
          <h1 id="masthead-heading">{t(headingKey)}</h1>
          <p className="lede">{t(subtitleKey)}</p>
          <ul className="masthead__points" aria-label={t("landing.masthead.pointsLabel")}>
            {pointKeys.map((key) => (
              <li key={key}>
                <CheckIcon />
                {t(key)}
              </li>
            ))}
          </ul>
          <div className="button-row" {...{ [HERO_ACTIONS_ATTRIBUTE]: "" }}>
            <RegisterLink section="masthead" className="button button--primary button--large" />
            <BookDemoLink section="masthead" className="button button--secondary button--large" />
          </div>
        </div>
        <ProductScreenshot
          name="budgets"
          alt={t("landing.masthead.imageAlt")}
          sizes={MASTHEAD_IMAGE_SIZES}
          isPriority
          className="masthead__image"
        />
      </div>
      <div className="container">
        {children}
        <TrustStrip className="masthead__trust" />
      </div>
    </section>
  );
}

function CheckIcon() {
  return (
    <svg className="check-icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="10" fill="currentColor" opacity="0.16" />
      <path
        d="M6 10.4 8.6 13 14 7.4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
