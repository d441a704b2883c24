import { useEffect, useState } from "react";

/**
 * False during prerendering and the first client render, true right after hydration. State
 * read from the address (a `?q=` filter) waits for it, so prerendered markup equals the
 * first client render.
 */
export function useHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
