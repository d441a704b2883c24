import { useMatches } from "react-router";
import type { ImageVariant, TryItFreeClip } from "../lib/landing/srcset.ts";

interface PageImages {
  screens: ImageVariant[];
  clip: TryItFreeClip;
}

function isPageImages(data: unknown): data is PageImages {
  return typeof data === "object" && data !== null && "screens" in data && "clip" in data;
}

/**
 * The page's product images and clip in its own locale, from its loader (`screenImages`). A
 * page that shows one without loading them is a programming error, caught when it is
 * prerendered.
 */
function usePageImages(what: string): PageImages {
  const data = useMatches().find((match) => isPageImages(match.loaderData))?.loaderData;
  if (!isPageImages(data))
    throw new Error(`${what} needs screenImages(request, …) naming it in the page's loader`);
  return data;
}

export function useScreenImages(): readonly ImageVariant[] {
  return usePageImages("A product image").screens;
}

export function useTryItFreeClip(): TryItFreeClip {
  return usePageImages("The try-it-free clip").clip;
}
