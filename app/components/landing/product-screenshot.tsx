import { useEffect, useState } from "react";
import { useScreenImages } from "../../hooks/use-screen-images.ts";
import {
  heightAt,
  PHONE_MEDIA,
  PHONE_SIZES,
  phoneCropName,
  SCREEN_SIZE,
  type ScreenName,
} from "../../lib/landing/screen-images.ts";
import { requireImage, srcsetFor, widestVariant } from "../../lib/landing/srcset.ts";
import { blankImage, WITH_SCRIPTS } from "../../lib/landing/until-start.ts";

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
 * A product screenshot in a browser-like frame, in the page's language: on phones the part
 * of the screen that matters at a legible size (art direction), elsewhere the whole screen;
 * each as AVIF, then WebP, then JPEG in every generated width, with intrinsic width and
 * height on every source so the layout never shifts.
 *
 * A screenshot further down the page waits for the app to start (decision record 0019):
 * until this part has hydrated, a browser that runs scripts selects a blank source of the
 * same size, so the page's scripts have the phone line to themselves; a browser that runs
 * none never matches those sources and loads the image as it nears the viewport.
 */
export function ProductScreenshot({
  name,
  alt,
  sizes,
  isPriority = false,
  className,
}: ProductScreenshotProps) {
  const images = useScreenImages();
  requireImage(images, name);
  const crop = phoneCropName(name);
  const fallback = widestVariant(images, name, "jpg");
  const width = widestVariant(images, name, "avif")?.width ?? SCREEN_SIZE.width;
  const height = heightAt(width, SCREEN_SIZE);
  const cropWidth = widestVariant(images, crop, "avif")?.width ?? PHONE_SIZES[name].width;
  const cropHeight = heightAt(cropWidth, PHONE_SIZES[name]);
  const phone = { media: PHONE_MEDIA, sizes, width: cropWidth, height: cropHeight };
  const hasCrop = images.some((image) => image.name === crop);
  const [isHydrated, setIsHydrated] = useState(false);
  // The release is a render of its own after the part has hydrated, not more work in the
  // task that commits it. (The same as `useHydrated`, which would bring a module of its own
  // into the shell chunk that every page loads.)
  useEffect(() => setIsHydrated(true), []);
  const waitsForStart = !isPriority && !isHydrated;
  return (
    <figure className={`screenshot ${className ?? ""}`.trim()}>
      <span className="screenshot__bar" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      {/* A new element once started, lazy as any fresh image: one that has loaded a source
          may load the next at once, wherever it is (Chromium did after a 1×1 GIF blank). */}
      <picture key={waitsForStart ? "until-start" : "started"}>
        {waitsForStart ? (
          <>
            {hasCrop ? (
              <source
                media={`${WITH_SCRIPTS} and ${PHONE_MEDIA}`}
                srcSet={blankImage(cropWidth, cropHeight)}
                width={cropWidth}
                height={cropHeight}
              />
            ) : null}
            <source
              media={WITH_SCRIPTS}
              srcSet={blankImage(width, height)}
              width={width}
              height={height}
            />
          </>
        ) : null}
        {hasCrop ? (
          <>
            <source {...phone} type="image/avif" srcSet={srcsetFor(images, crop, "avif")} />
            <source {...phone} type="image/webp" srcSet={srcsetFor(images, crop, "webp")} />
            <source {...phone} srcSet={srcsetFor(images, crop, "jpg")} />
          </>
        ) : null}
        <source type="image/avif" srcSet={srcsetFor(images, name, "avif")} sizes={sizes} />
        <source type="image/webp" srcSet={srcsetFor(images, name, "webp")} sizes={sizes} />
        <img
          src={fallback?.url}
          srcSet={srcsetFor(images, name, "jpg")}
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
