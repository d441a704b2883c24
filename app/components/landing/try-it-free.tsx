import { type MouseEvent, useEffect, useRef, useState } from "react";
import { trackedLinkText } from "../../browser/link-text.ts";
import { openPopupAfterDelay } from "../../browser/popup.ts";
import { useInView } from "../../hooks/use-in-view.ts";
import { usePrefersReducedMotion } from "../../hooks/use-prefers-reduced-motion.ts";
import { useTryItFreeClip } from "../../hooks/use-screen-images.ts";
import { useT } from "../../hooks/use-t.ts";
import { trackEvent } from "../../lib/analytics/tracking-event.ts";
import { CALLS_TO_ACTION } from "../../lib/navigation.ts";
import { REGISTER_CTA_ATTRIBUTE } from "../../lib/trial-bar.ts";

/** Size of the encoded clip (scripts/visuals/render.ts). */
const CLIP_WIDTH_PX = 640;
const CLIP_HEIGHT_PX = 400;

/**
 * How near the clip must come before its `<video>` is made: a screen ahead, so that it is
 * there, over its poster, before it scrolls in.
 */
const VIDEO_MADE_WITHIN = "100% 0px";

/**
 * Try-it-free (SPEC §2): 'up and running in thirty seconds', the 30-day trial without a
 * credit card, a looping muted inline clip in the page's language, and buttons that open a
 * pop-up after 50 ms. The clip loads and plays only in view, never under reduced motion unless the visitor
 * presses play, and always has a pause control (WCAG 2.2.2).
 *
 * The page is prerendered with the poster alone: laying out a `<video>` element cost 8 ms of
 * main thread unthrottled, the most of any section's layout, in a task of the start (the
 * boot script lays out every section) where it counted as blocking time (decision record
 * 0024). The video element is made once the clip comes within a screen of the viewport; it
 * shows nothing until it plays, so the poster beneath it stays the picture until then.
 */
export function TryItFree() {
  const t = useT();
  const clip = useTryItFreeClip();
  const prefersReducedMotion = usePrefersReducedMotion();
  const clipRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const isNear = useInView(clipRef, { rootMargin: VIDEO_MADE_WITHIN });
  const isInView = useInView(clipRef, { isLive: true });
  const [choice, setChoice] = useState<"auto" | "paused" | "playing">("auto");
  const shouldPlay =
    isNear && isInView && (choice === "playing" || (choice === "auto" && !prefersReducedMotion));

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    if (shouldPlay) video.play().catch(() => undefined);
    else video.pause();
  }, [shouldPlay]);

  const isShowingPause = choice === "playing" || (choice === "auto" && !prefersReducedMotion);

  const handleOpen =
    (href: string, name: string, trackingId: string) => (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      trackEvent({
        id: trackingId,
        text: trackedLinkText(event.currentTarget) || href,
        section: "try-it-free",
        value: href,
      });
      openPopupAfterDelay(href, name);
    };

  return (
    <section className="section try-it-free" id="try-it-free" aria-labelledby="try-it-free-heading">
      <div className="container try-it-free__inner">
        <div className="try-it-free__copy">
          <h2 id="try-it-free-heading">{t("landing.tryItFree.heading")}</h2>
          <p className="lede">{t("landing.tryItFree.body")}</p>
          <p className="try-it-free__trial">{t("landing.tryItFree.trial")}</p>
          <div className="button-row">
            <a
              href={CALLS_TO_ACTION.tryNow}
              className="button button--primary button--large"
              {...{ [REGISTER_CTA_ATTRIBUTE]: "" }}
              onClick={handleOpen(CALLS_TO_ACTION.tryNow, "beyond-register", "register")}
            >
              {t("common.nav.tryNow")}
              <span className="visually-hidden" data-link-hint="">
                {" "}
                {t("landing.tryItFree.popup")}
              </span>
            </a>
            <a
              href={CALLS_TO_ACTION.bookDemo}
              className="button button--on-dark button--large"
              onClick={handleOpen(CALLS_TO_ACTION.bookDemo, "beyond-demo", "book-demo")}
            >
              {t("common.nav.bookDemo")}
              <span className="visually-hidden" data-link-hint="">
                {" "}
                {t("landing.tryItFree.popup")}
              </span>
            </a>
          </div>
        </div>
        <div className="try-it-free__clip" ref={clipRef}>
          <img
            className="try-it-free__poster"
            src={clip.poster}
            alt=""
            width={CLIP_WIDTH_PX}
            height={CLIP_HEIGHT_PX}
            loading="lazy"
            decoding="async"
          />
          {isNear && (
            <video
              ref={videoRef}
              muted
              loop
              playsInline
              preload="none"
              width={CLIP_WIDTH_PX}
              height={CLIP_HEIGHT_PX}
              aria-label={t("landing.tryItFree.clipLabel")}
            >
              {/* H.264 first: it is the smaller file here and plays everywhere. */}
              <source src={clip.mp4} type="video/mp4" />
              <source src={clip.webm} type="video/webm" />
            </video>
          )}
          <button
            type="button"
            className="try-it-free__toggle"
            onClick={() => setChoice(isShowingPause ? "paused" : "playing")}
          >
            <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
              <path
                d={isShowingPause ? "M4 2.5h2.6v11H4zM9.4 2.5H12v11H9.4z" : "M4.5 2.5v11l9-5.5z"}
                fill="currentColor"
              />
            </svg>
            <span className="visually-hidden">
              {isShowingPause ? t("landing.tryItFree.pauseClip") : t("landing.tryItFree.playClip")}
            </span>
          </button>
        </div>
      </div>
    </section>
  );
}
