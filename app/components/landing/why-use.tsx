import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { SELLING_POINT_IDS, type SellingPointId } from "../../content/landing.ts";
import { usePrefersReducedMotion } from "../../hooks/use-prefers-reduced-motion.ts";
import { useT } from "../../hooks/use-t.ts";
import { nextItem, previousItem } from "../../lib/landing/carousel.ts";
import { SELLING_POINT_FADE_OUT_MS } from "../../lib/landing/constants.ts";
import { WHY_USE_IMAGE_SIZES } from "../../lib/landing/image-sizes.ts";
import {
  LANDING_SCREENS,
  type SellingPointScreens,
} from "../../lib/landing/selling-point-screens.ts";
import { ProductScreenshot } from "./product-screenshot.tsx";

/** The messages of one page's 'why use': the landing's, or the Xero page's own. */
type WhyUseMessages = "landing.whyUse" | "xero.whyUse";

interface WhyUseProps {
  messages?: WhyUseMessages;
  /** The product screen each point shows. */
  screens?: SellingPointScreens;
}

/**
 * 'Why use' (SPEC §2, §4): three selectable points as tabs, save-time first, with previous
 * and next arrows that wrap. The panel fades out over 300 ms, swaps, then fades in over
 * 500 ms (durations in CSS); under reduced motion it swaps at once.
 */
export function WhyUse({
  messages = "landing.whyUse",
  screens = LANDING_SCREENS,
}: WhyUseProps = {}) {
  const t = useT();
  const prefersReducedMotion = usePrefersReducedMotion();
  const [selected, setSelected] = useState<SellingPointId>("save-time");
  const [shown, setShown] = useState<SellingPointId>("save-time");
  const [phase, setPhase] = useState<"in" | "out">("in");
  const tabRefs = useRef(new Map<SellingPointId, HTMLButtonElement>());

  useEffect(() => {
    if (selected === shown) return;
    if (prefersReducedMotion) {
      setShown(selected);
      return;
    }
    setPhase("out");
    const timer = window.setTimeout(() => {
      setShown(selected);
      setPhase("in");
    }, SELLING_POINT_FADE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [selected, shown, prefersReducedMotion]);

  const select = (id: SellingPointId | undefined, moveFocus = false) => {
    if (!id) return;
    setSelected(id);
    if (moveFocus) tabRefs.current.get(id)?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, SellingPointId | undefined> = {
      ArrowRight: nextItem(SELLING_POINT_IDS, selected),
      ArrowDown: nextItem(SELLING_POINT_IDS, selected),
      ArrowLeft: previousItem(SELLING_POINT_IDS, selected),
      ArrowUp: previousItem(SELLING_POINT_IDS, selected),
      Home: SELLING_POINT_IDS[0],
      End: SELLING_POINT_IDS.at(-1),
    };
    if (!(event.key in keys)) return;
    event.preventDefault();
    select(keys[event.key], true);
  };

  const position = SELLING_POINT_IDS.indexOf(selected) + 1;
  return (
    <section className="section why-use" id="why-use" aria-labelledby="why-use-heading">
      <div className="container">
        <div className="section__head">
          <h2 id="why-use-heading">{t(`${messages}.heading`)}</h2>
          <p className="lede">{t(`${messages}.intro`)}</p>
        </div>
        <div className="why-use__layout">
          <div className="why-use__nav">
            <div
              className="why-use__tabs"
              role="tablist"
              aria-label={t(`${messages}.tabsLabel`)}
              aria-orientation="vertical"
              onKeyDown={handleKeyDown}
            >
              {SELLING_POINT_IDS.map((id, index) => (
                <button
                  key={id}
                  ref={(element) => {
                    if (element) tabRefs.current.set(id, element);
                    else tabRefs.current.delete(id);
                  }}
                  type="button"
                  role="tab"
                  id={`why-use-tab-${id}`}
                  aria-selected={id === selected}
                  aria-controls="why-use-panel"
                  tabIndex={id === selected ? 0 : -1}
                  className="why-use__tab"
                  onClick={() => select(id)}
                >
                  <span className="why-use__number" aria-hidden="true">
                    {String(index + 1).padStart(2, "0")}
                  </span>
                  {t(`${messages}.points.${id}.tab`)}
                </button>
              ))}
            </div>
            <div className="why-use__arrows">
              <ArrowButton
                direction="previous"
                label={t(`${messages}.previous`)}
                onClick={() => select(previousItem(SELLING_POINT_IDS, selected))}
              />
              <ArrowButton
                direction="next"
                label={t(`${messages}.next`)}
                onClick={() => select(nextItem(SELLING_POINT_IDS, selected))}
              />
            </div>
            <p className="visually-hidden" aria-live="polite" aria-atomic="true">
              {t(`${messages}.position`, {
                current: position,
                total: SELLING_POINT_IDS.length,
                title: t(`${messages}.points.${selected}.title`),
              })}
            </p>
          </div>
          <div
            className="why-use__panel"
            id="why-use-panel"
            role="tabpanel"
            aria-labelledby={`why-use-tab-${shown}`}
            data-phase={phase}
          >
            <div className="why-use__copy">
              <h3>{t(`${messages}.points.${shown}.title`)}</h3>
              <p>{t(`${messages}.points.${shown}.body`)}</p>
            </div>
            <ProductScreenshot
              name={screens[shown]}
              alt={t(`${messages}.points.${shown}.imageAlt`)}
              sizes={WHY_USE_IMAGE_SIZES}
            />
          </div>
        </div>
      </div>
    </section>
  );
}

interface ArrowButtonProps {
  direction: "previous" | "next";
  label: string;
  onClick: () => void;
}

/** A round previous or next button with an arrow icon and a text label for assistive tech. */
function ArrowButton({ direction, label, onClick }: ArrowButtonProps) {
  return (
    <button type="button" className="icon-button" onClick={onClick}>
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
        <path
          d={direction === "next" ? "M7 4l6 6-6 6" : "M13 4l-6 6 6 6"}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
