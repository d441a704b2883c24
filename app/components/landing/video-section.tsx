import { useEffect, useRef, useState } from "react";
import { useInView } from "../../hooks/use-in-view.ts";
import { useT } from "../../hooks/use-t.ts";
import type { MessageKey } from "../../lib/i18n/keys.ts";
import { srcsetFor, widestVariant } from "../../lib/landing/srcset.ts";
import {
  type ThumbnailUrls,
  thumbnailFromApi,
  thumbnailUrls,
  vimeoApiUrl,
  vimeoPlayerUrl,
} from "../../lib/landing/vimeo.ts";
import { SCREEN_VARIANTS } from "./screen-sources.ts";

interface VideoSectionProps {
  video: { id: string; startSeconds: number };
  /** The video's title: the play button's and the player frame's accessible name. */
  titleKey: MessageKey;
  /** SPEC §4: embed the player as soon as the placeholder scrolls into view. */
  autoload?: boolean;
}

/**
 * The video section (SPEC §4, §7): a placeholder (thumbnail and play button) that becomes the
 * embedded 16:9 player on click, or on scroll-in with `autoload`. Nothing is requested from
 * the video host before the placeholder is in view; the thumbnail then comes from its JSON
 * API, and if that fails the local poster simply stays.
 */
export function VideoSection({ video, titleKey, autoload = false }: VideoSectionProps) {
  const t = useT();
  const title = t(titleKey);
  const frameRef = useRef<HTMLDivElement>(null);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const isInView = useInView(frameRef, { threshold: autoload ? 0.5 : 0 });
  const [isPlaying, setIsPlaying] = useState(false);
  const [hasClicked, setHasClicked] = useState(false);
  const [thumbnail, setThumbnail] = useState<ThumbnailUrls | null>(null);

  useEffect(() => {
    if (autoload && isInView) setIsPlaying(true);
  }, [autoload, isInView]);

  useEffect(() => {
    if (!isInView || isPlaying) return;
    const controller = new AbortController();
    fetch(vimeoApiUrl(video.id), { signal: controller.signal, credentials: "omit" })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer: unknown) => {
        const large = thumbnailFromApi(answer);
        if (large) setThumbnail(thumbnailUrls(large));
      })
      // Offline or blocked: the local poster stays, nothing else changes.
      .catch(() => undefined);
    return () => controller.abort();
  }, [isInView, isPlaying, video.id]);

  useEffect(() => {
    if (isPlaying && hasClicked) iframeRef.current?.focus();
  }, [isPlaying, hasClicked]);

  const poster = widestVariant(SCREEN_VARIANTS, "drivers", "jpg");
  return (
    <section className="section video-section" id="video" aria-labelledby="video-heading">
      <div className="container">
        <div className="section__head">
          <h2 id="video-heading">{t("landing.video.heading")}</h2>
          <p className="lede">{t("landing.video.intro")}</p>
        </div>
        <div className="video-frame" ref={frameRef}>
          {isPlaying ? (
            <iframe
              ref={iframeRef}
              src={vimeoPlayerUrl(video.id, video.startSeconds)}
              title={t("landing.video.playerTitle", { title })}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
            />
          ) : (
            <button
              type="button"
              className="video-frame__placeholder"
              onClick={() => {
                setHasClicked(true);
                setIsPlaying(true);
              }}
            >
              {thumbnail ? (
                <picture>
                  <source type="image/webp" srcSet={thumbnail.webp} />
                  <img
                    src={thumbnail.jpg}
                    alt=""
                    width={1100}
                    height={619}
                    onError={() => setThumbnail(null)}
                  />
                </picture>
              ) : (
                <picture>
                  <source
                    type="image/avif"
                    srcSet={srcsetFor(SCREEN_VARIANTS, "drivers", "avif")}
                    sizes="(min-width: 1000px) 900px, 100vw"
                  />
                  <source
                    type="image/webp"
                    srcSet={srcsetFor(SCREEN_VARIANTS, "drivers", "webp")}
                    sizes="(min-width: 1000px) 900px, 100vw"
                  />
                  <img
                    src={poster?.url}
                    alt=""
                    width={1100}
                    height={619}
                    loading="lazy"
                    decoding="async"
                  />
                </picture>
              )}
              <span className="video-frame__play">
                <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
                  <path d="M9 5.5v17l14-8.5z" fill="currentColor" />
                </svg>
              </span>
              <span className="video-frame__label">{t("landing.video.play", { title })}</span>
            </button>
          )}
        </div>
        <p className="video-section__note">{t("landing.video.external")}</p>
      </div>
    </section>
  );
}
