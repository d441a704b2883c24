import { useEffect } from "react";
import { watchSectionHash } from "../browser/section-hash.ts";
import { isUnpopSet } from "../lib/landing/section-hash.ts";

/**
 * Keeps the address hash on the landing section in view (SPEC §2) unless the page was
 * opened with `?unpop`. Pass a stable (module-level) list of ids.
 */
export function useSectionHash(ids: readonly string[]): void {
  useEffect(() => {
    if (isUnpopSet(window.location.search)) return;
    return watchSectionHash(ids);
  }, [ids]);
}
