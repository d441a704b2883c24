/**
 * URL builders for the video section (SPEC §7 video thumbnail and player). Vimeo's public
 * JSON API answers `[{ thumbnail_large: "https://i.vimeocdn.com/video/123_640" }]`; the same
 * image is served at any size and format by rewriting the suffix after the id.
 */

/** Thumbnail size and quality the video section asks for (SPEC §7: 1100x619, quality 70). */
const THUMBNAIL_WIDTH_PX = 1100;
const THUMBNAIL_HEIGHT_PX = 619;
const THUMBNAIL_QUALITY = 70;

const THUMBNAIL_HOST = "i.vimeocdn.com";

/** The public JSON API URL describing a video. */
export function vimeoApiUrl(videoId: string): string {
  return `https://vimeo.com/api/v2/video/${encodeURIComponent(videoId)}.json`;
}

/**
 * The `thumbnail_large` URL of the first item of an API answer, or null when the answer has
 * another shape or the URL is not on Vimeo's image host (the CSP allows only that host).
 */
export function thumbnailFromApi(answer: unknown): string | null {
  if (!Array.isArray(answer)) return null;
  const first: unknown = answer[0];
  if (typeof first !== "object" || first === null) return null;
  const value = (first as Record<string, unknown>).thumbnail_large;
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname === THUMBNAIL_HOST ? value : null;
  } catch {
    return null;
  }
}

export interface ThumbnailUrls {
  webp: string;
  jpg: string;
}

/**
 * WebP and JPEG URLs of a thumbnail at the given size and quality: the size suffix of the
 * last path segment (`123_640`, `123_640x360`, `123-d_640`, with or without an extension)
 * is replaced by `_{width}x{height}.{format}?q={quality}`. Query and fragment are dropped.
 */
export function thumbnailUrls(
  thumbnailLarge: string,
  width = THUMBNAIL_WIDTH_PX,
  height = THUMBNAIL_HEIGHT_PX,
  quality = THUMBNAIL_QUALITY,
): ThumbnailUrls {
  const base = thumbnailLarge.replace(/[?#].*$/, "");
  const slash = base.lastIndexOf("/");
  const directory = base.slice(0, slash + 1);
  const name = base.slice(slash + 1).replace(/\.[a-z0-9]+$/i, "");
  const stem = name.replace(/_\d+(x\d+)?$/, "");
  const at = (format: string) => `${directory}${stem}_${width}x${height}.${format}?q=${quality}`;
  return { webp: at("webp"), jpg: at("jpg") };
}

/**
 * The player URL (SPEC §7): autoplay, the host's do-not-track switch (`dnt=1`: no cookies,
 * no session data about the viewer), and the start time as a `#t=` fragment in whole
 * seconds (negative or fractional starts are clamped and floored).
 */
export function vimeoPlayerUrl(videoId: string, startSeconds = 0): string {
  const start = Math.max(0, Math.floor(Number.isFinite(startSeconds) ? startSeconds : 0));
  return `https://player.vimeo.com/video/${encodeURIComponent(videoId)}?autoplay=1&dnt=1#t=${start}s`;
}

/** The video's own page on the host, for visitors whose network blocks the player. */
export function vimeoPageUrl(videoId: string): string {
  return `https://vimeo.com/${encodeURIComponent(videoId)}`;
}

/**
 * A duration as a video player shows it: `m:ss`, or `h:mm:ss` from an hour. Null for a
 * missing or meaningless value, so no invented length is ever shown.
 */
export function formatDuration(seconds: number | undefined): string | null {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 1) return null;
  const total = Math.round(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}
