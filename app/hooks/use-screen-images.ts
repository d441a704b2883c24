import { useMatches } from "react-router";
import type { ImageVariant, TryItFreeClip } from "../lib/landing/srcset.ts";

function hasScreens(data: unknown): data is { screens: ImageVariant[]; clip: TryItFreeClip } {
  return typeof data === "object" && data !== null && "screens" in data && "clip" in data;
}

/**
 * The page's product images in its own locale, from its loader (`screenImages`). A page that
 * shows one without loading them is a programming error, caught when it is prerendered.
 */
export function useScreenImages(): readonly ImageVariant[] {
  const data = useMatches().find((match) => hasScreens(match.loaderData))?.loaderData;
  if (!hasScreens(data))
    throw new Error("A product image needs screenImages(request) in the page's loader");
  return data.screens;
}

/** The try-it-free clip in the page's language, from the same loader data. */
export function useTryItFreeClip(): TryItFreeClip {
  const data = useMatches().find((match) => hasScreens(match.loaderData))?.loaderData;
  if (!hasScreens(data))
    throw new Error("The try-it-free clip needs screenImages(request) in the page's loader");
  return data.clip;
}
