import { useEffect, useRef, useState } from "react";
import { useConsent } from "../../hooks/use-consent.ts";
import { useInView } from "../../hooks/use-in-view.ts";
import { useScreenImages } from "../../hooks/use-screen-images.ts";
import { useT } from "../../hooks/use-t.ts";
import type { MessageKey } from "../../lib/i18n/keys.ts";
import { POSTER_IMAGE_SIZES } from "../../lib/landing/image-sizes.ts";
import { heightAt, POSTER_SIZE } from "../../lib/landing/screen-images.ts";
import { requireImage, srcsetFor, widestVariant } from "../../lib/landing/srcset.ts";
import {
  formatDuration,
  type ThumbnailUrls,
  thumbnailFromApi,
  thumbnailUrls,
  vimeoApiUrl,
  vimeoPageUrl,
  vimeoPlayerUrl,
} from "../../lib/landing/vimeo.ts";
import type { VideoConfig } from "../../lib/site-config.ts";

interface VideoSectionProps {
  video: VideoConfig;
  /** The video's title: the play button's and the player frame's accessible name. */
  titleKey: MessageKey;
  /** SPEC §4: embed the player as soon as the placeholder scrolls into view (with consent). */
  autoload?: boolean;
}

/** poster: our own image and a play button; playing: the host's player; unavailable: blocked. */
type Phase = "poster" | "playing" | "unavailable";

/**
 * The video section (SPEC §4, §7), consent first: the placeholder shows the project's own
 * poster, and nothing is asked of the video host until the visitor has agreed to the
 * marketing and embedded-videos category (then the host's thumbnail loads once the section
 * is in view, and `autoload` embeds the player there) or has pressed play. The player is
 * embedded with the host's do-not-track switch. If the host cannot be reached (blocked by a
 * network, an extension or a firewall), the poster stays with a link to the video's page
 * instead of an empty frame.
 */
export function VideoSection({ video, titleKey, autoload = false }: VideoSectionProps) {
  const t = useT();
  const title = t(titleKey);
  const frameRef = useRef<HTMLDivElement>(null);
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const isInView = useInView(frameRef, { threshold: autoload ? 0.5 : 0 });
  const mayContactHost = useConsent().decision?.marketing === true;
  const [phase, setPhase] = useState<Phase>("poster");
  const [hasClicked, setHasClicked] = useState(false);
  const [thumbnail, setThumbnail] = useState<ThumbnailUrls | null>(null);
  const playerUrl = vimeoPlayerUrl(video.id, video.startSeconds);
  const duration = formatDuration(video.durationSeconds);

  useEffect(() => {
    if (autoload && isInView && mayContactHost)
      setPhase((now) => (now === "poster" ? "playing" : now));
  }, [autoload, isInView, mayContactHost]);

  useEffect(() => {
    if (!isInView || !mayContactHost || phase !== "poster") return;
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
  }, [isInView, mayContactHost, phase, video.id]);

  useEffect(() => {
    if (phase !== "playing") return;
    // A frame whose host is blocked shows the browser's error page, and an iframe reports no
    // error. The same request made with fetch does fail then, so it tells the two apart
    // without delaying the player, which loads alongside.
    const controller = new AbortController();
    fetch(playerUrl, { mode: "no-cors", credentials: "omit", signal: controller.signal }).catch(
      () => {
        if (!controller.signal.aborted) setPhase("unavailable");
      },
    );
    return () => controller.abort();
  }, [phase, playerUrl]);

  useEffect(() => {
    if (phase === "playing" && hasClicked) iframeRef.current?.focus();
  }, [phase, hasClicked]);

  // The play button that held focus is gone, and a busy browser can drop the focus given to
  // the frame while its document is swapped for the host's. Once that document has loaded,
  // focus lost to the page's body goes back to the player; focus the visitor moved elsewhere
  // stays where they put it.
  const refocusPlayer = () => {
    const player = iframeRef.current;
    if (!hasClicked || !player) return;
    if (document.activeElement === document.body || document.activeElement === null) {
      player.focus();
    }
  };

  return (
    <section className="section video-section" id="video" aria-labelledby="video-heading">
      <div className="container">
        <div className="section__head">
          <h2 id="video-heading">{t("landing.video.heading")}</h2>
          <p className="lede">{t("landing.video.intro")}</p>
        </div>
        <div className="video-frame" ref={frameRef}>
          {phase === "playing" ? (
            <iframe
              ref={iframeRef}
              src={playerUrl}
              title={t("landing.video.playerTitle", { title })}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
              onLoad={refocusPlayer}
            />
          ) : phase === "unavailable" ? (
            <div className="video-frame__unavailable">
              <Poster thumbnail={null} />
              <p className="video-frame__message" role="status">
                {t("landing.video.unavailable")}{" "}
                <a href={vimeoPageUrl(video.id)} target="_blank" rel="noopener noreferrer">
                  {t("landing.video.watchElsewhere", { title })}
                </a>
              </p>
            </div>
          ) : (
            <button
              type="button"
              className="video-frame__placeholder"
              onClick={() => {
                setHasClicked(true);
                setPhase("playing");
              }}
            >
              <Poster thumbnail={thumbnail} onThumbnailError={() => setThumbnail(null)} />
              <span className="video-frame__play">
                <svg width="28" height="28" viewBox="0 0 28 28" aria-hidden="true">
                  <path d="M9 5.5v17l14-8.5z" fill="currentColor" />
                </svg>
              </span>
              <span className="video-frame__label">
                {t("landing.video.play", { title })}
                {duration && video.durationSeconds ? (
                  <>
                    {" "}
                    <time
                      className="video-frame__duration"
                      dateTime={`PT${Math.round(video.durationSeconds)}S`}
                    >
                      {duration}
                    </time>
                  </>
                ) : null}
              </span>
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * The host's thumbnail when consent allowed asking for it, else the project's own frame: a
 * whole product screen in the page's language, rendered at the frame's 16:9.
 */
function Poster({
  thumbnail,
  onThumbnailError,
}: {
  thumbnail: ThumbnailUrls | null;
  onThumbnailError?: () => void;
}) {
  if (thumbnail) {
    return (
      <picture>
        <source type="image/webp" srcSet={thumbnail.webp} />
        <img src={thumbnail.jpg} alt="" width={1100} height={619} onError={onThumbnailError} />
      </picture>
    );
  }
  return <OwnPoster />;
}

function OwnPoster() {
  const images = useScreenImages();
  requireImage(images, "poster");
  const poster = widestVariant(images, "poster", "jpg");
  const width = poster?.width ?? POSTER_SIZE.width;
  return (
    <picture>
      <source
        type="image/avif"
        srcSet={srcsetFor(images, "poster", "avif")}
        sizes={POSTER_IMAGE_SIZES}
      />
      <source
        type="image/webp"
        srcSet={srcsetFor(images, "poster", "webp")}
        sizes={POSTER_IMAGE_SIZES}
      />
      <img
        src={poster?.url}
        srcSet={srcsetFor(images, "poster", "jpg")}
        sizes={POSTER_IMAGE_SIZES}
        alt=""
        width={width}
        height={heightAt(width, POSTER_SIZE)}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
