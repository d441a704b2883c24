import { useT } from "../../hooks/use-t.ts";

/** The four facts, in the order a visitor weighs them; each is a spec claim (SPEC §1, §9). */
const TRUST_ITEMS = ["hosting", "sync", "languages", "trial"] as const;
type TrustItem = (typeof TRUST_ITEMS)[number];

interface TrustStripProps {
  className?: string;
}

/**
 * The trust strip of the first screens (issue 14): EU hosting, sync with Xero, Exact
 * Online and Sage (nightly and on demand), four interface languages and the 30-day trial
 * without a card. Facts only, each from the spec: no customers, figures or certifications.
 * Needs the `landing.trust` messages.
 */
export function TrustStrip({ className }: TrustStripProps) {
  const t = useT();
  return (
    <ul
      className={className ? `trust-strip ${className}` : "trust-strip"}
      aria-label={t("landing.trust.label")}
    >
      {TRUST_ITEMS.map((item) => (
        <li key={item} className="trust-strip__item">
          <TrustIcon item={item} />
          <span className="trust-strip__text">
            <strong className="trust-strip__title">{t(`landing.trust.${item}.title`)}</strong>
            <span className="trust-strip__detail">{t(`landing.trust.${item}.detail`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

const ICON_PATHS: Record<TrustItem, string> = {
  // A shield with a tick.
  hosting:
    "M12 2.8 4.5 5.6v5.6c0 4.6 3.2 8.1 7.5 9.9 4.3-1.8 7.5-5.3 7.5-9.9V5.6zM8.6 12l2.4 2.4 4.6-4.7",
  // Two arrows chasing each other round a circle.
  sync: "M19.5 8.5A8 8 0 0 0 5 7.2M4.5 15.5A8 8 0 0 0 19 16.8M19.8 3.8v4.9h-4.9M4.2 20.2v-4.9h4.9",
  // A globe.
  languages:
    "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.7 2.6 2.7 15.4 0 18M12 3c-2.7 2.6-2.7 15.4 0 18",
  // A calendar with a tick.
  trial: "M4.5 6.5h15v13h-15zM4.5 10.5h15M8.5 4v4M15.5 4v4M9.3 15l2 2 3.6-3.6",
};

function TrustIcon({ item }: { item: TrustItem }) {
  return (
    <span className="trust-strip__icon">
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={ICON_PATHS[item]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}
