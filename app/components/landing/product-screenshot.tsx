import { srcsetFor, widestVariant } from "../../lib/landing/srcset.ts";
import { SCREEN_ASPECT, SCREEN_VARIANTS, type ScreenName } from "./screen-sources.ts";

interface ProductScreenshotProps {
  name: ScreenName;
  alt: string;
  /** The `sizes` attribute: how wide the image shows at each breakpoint. */
  sizes: string;
  /** The largest paint of the page: load eagerly with high priority (no lazy loading). */
  isPriority?: boolean;
  className?: string;
}

/**
 * A product screenshot in a browser-like frame: AVIF, then WebP, then JPEG, each in every
 * generated width, with intrinsic width and height so the layout never shifts.
 */
export function ProductScreenshot({
  name,
  alt,
  sizes,
  isPriority = false,
  className,
}: ProductScreenshotProps) {
  const fallback = widestVariant(SCREEN_VARIANTS, name, "jpg");
  const width = widestVariant(SCREEN_VARIANTS, name, "avif")?.width ?? 1000;
  const height = Math.round(width * SCREEN_ASPECT);
  return (
    <figure className={`screenshot ${className ?? ""}`.trim()}>
      <span className="screenshot__bar" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      <picture>
        <source type="image/avif" srcSet={srcsetFor(SCREEN_VARIANTS, name, "avif")} sizes={sizes} />
        <source type="image/webp" srcSet={srcsetFor(SCREEN_VARIANTS, name, "webp")} sizes={sizes} />
        <img
          src={fallback?.url}
          srcSet={srcsetFor(SCREEN_VARIANTS, name, "jpg")}
          sizes={sizes}
          width={width}
          height={height}
          alt={alt}
          loading={isPriority ? "eager" : "lazy"}
          decoding={isPriority ? undefined : "async"}
          fetchPriority={isPriority ? "high" : "auto"}
        />
      </picture>
    </figure>
  );
}
