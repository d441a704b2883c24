import { type FocusEvent, useEffect, useState } from "react";
import { usePrefersReducedMotion } from "../../hooks/use-prefers-reduced-motion.ts";
import { useT } from "../../hooks/use-t.ts";
import { nextIndex } from "../../lib/landing/carousel.ts";
import {
  TESTIMONIAL_INTERVAL_MS,
  TESTIMONIAL_RESUME_AFTER_MS,
} from "../../lib/landing/constants.ts";
import { initials } from "../../lib/landing/initials.ts";

/** "auto" rotates unless the visitor prefers reduced motion; the others are explicit choices. */
type PlayState = "auto" | "paused" | "playing";

const AVATAR_COLOURS = ["#2152d9", "#0a6b52", "#8b5cf6", "#be185d"] as const;

/**
 * Testimonials carousel (SPEC §4) of the customers `ids` names, whose words the page's
 * loader supplies (app/lib/landing/testimonials.server.ts): advances every 9 s and wraps; a dot click shows that item
 * and pauses auto-advance, which restarts 9 s later. WCAG 2.2.2: a visible pause control, no
 * rotation under reduced motion unless started, and none while the pointer is over it or it
 * holds keyboard focus. Screen readers hear the new item only when the visitor changed it.
 */
export function Testimonials({ ids }: { ids: readonly string[] }) {
  const t = useT();
  const prefersReducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playState, setPlayState] = useState<PlayState>("auto");
  const [isHovered, setIsHovered] = useState(false);
  const [hasKeyboardFocus, setHasKeyboardFocus] = useState(false);
  const [dotClicks, setDotClicks] = useState(0);
  const [isDotPaused, setIsDotPaused] = useState(false);

  const isRotating = playState === "playing" || (playState === "auto" && !prefersReducedMotion);
  const isAdvancing = isRotating && !isHovered && !hasKeyboardFocus && !isDotPaused;
  const count = ids.length;

  useEffect(() => {
    if (!isAdvancing) return;
    const timer = window.setInterval(
      () => setIndex((current) => nextIndex(current, count)),
      TESTIMONIAL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [isAdvancing, count]);

  useEffect(() => {
    if (dotClicks === 0) return;
    setIsDotPaused(true);
    const timer = window.setTimeout(() => setIsDotPaused(false), TESTIMONIAL_RESUME_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [dotClicks]);

  const handleFocus = (event: FocusEvent<HTMLDivElement>) => {
    // Only keyboard focus holds the rotation: a mouse click on a dot must not stop the restart.
    setHasKeyboardFocus(event.target.matches(":focus-visible"));
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setHasKeyboardFocus(false);
    }
  };

  // Quotes come from the deployment (TESTIMONIALS_FILE); a build without them has none.
  if (count === 0) return null;
  return (
    <section
      className="section testimonials"
      id="testimonials"
      aria-labelledby="testimonials-heading"
    >
      <div className="container">
        <div className="section__head">
          <h2 id="testimonials-heading">{t("landing.testimonials.heading")}</h2>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern, not a form fieldset */}
        <div
          className="carousel"
          role="group"
          aria-roledescription="carousel"
          aria-label={t("landing.testimonials.label")}
          onMouseEnter={() => setIsHovered(true)}
          onMouseLeave={() => setIsHovered(false)}
          onFocus={handleFocus}
          onBlur={handleBlur}
        >
          <div className="carousel__slides" aria-live={isAdvancing ? "off" : "polite"}>
            {ids.map((id, itemIndex) => {
              const name = t(`landing.testimonials.items.${id}.name`);
              return (
                // biome-ignore lint/a11y/useSemanticElements: APG carousel slide, a figure with a group role
                <figure
                  key={id}
                  className="carousel__slide"
                  data-active={itemIndex === index}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={t("landing.testimonials.slide", {
                    current: itemIndex + 1,
                    total: count,
                  })}
                >
                  <blockquote>
                    <p>{t(`landing.testimonials.items.${id}.quote`)}</p>
                  </blockquote>
                  <figcaption>
                    <span
                      className="carousel__avatar"
                      style={{ background: AVATAR_COLOURS[itemIndex % AVATAR_COLOURS.length] }}
                      aria-hidden="true"
                    >
                      {initials(name)}
                    </span>
                    <span>
                      <strong>{name}</strong>
                      <span className="carousel__role">
                        {t(`landing.testimonials.items.${id}.role`)},{" "}
                        {t(`landing.testimonials.items.${id}.company`)}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              );
            })}
          </div>
          <div className="carousel__controls">
            <button
              type="button"
              className="icon-button"
              onClick={() => setPlayState(isRotating ? "paused" : "playing")}
            >
              {isRotating ? <PauseIcon /> : <PlayIcon />}
              <span className="visually-hidden">
                {isRotating ? t("landing.testimonials.pause") : t("landing.testimonials.play")}
              </span>
            </button>
            <ul className="carousel__dots">
              {ids.map((id, itemIndex) => (
                <li key={id}>
                  <button
                    type="button"
                    className="carousel__dot"
                    aria-current={itemIndex === index ? "true" : undefined}
                    onClick={() => {
                      setIndex(itemIndex);
                      setDotClicks((clicks) => clicks + 1);
                    }}
                  >
                    <span className="visually-hidden">
                      {t("landing.testimonials.show", {
                        number: itemIndex + 1,
                        name: t(`landing.testimonials.items.${id}.name`),
                      })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function PauseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M4 2.5h2.6v11H4zM9.4 2.5H12v11H9.4z" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
      <path d="M4.5 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}
