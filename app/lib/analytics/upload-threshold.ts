/**
 * SPEC §9 upload threshold: the SDK uploads on its timer and splits uploads into batches,
 * but has no "upload once N events wait" rule. This counter adds it: `track` counts queued
 * events, `sent` subtracts uploaded ones, and `flush` is called when the count reaches
 * `threshold`.
 */
export function createUploadThreshold(threshold: number, flush: () => void) {
  let pending = 0;
  return {
    track(): void {
      pending += 1;
      if (pending >= threshold) {
        pending = 0;
        flush();
      }
    },
    sent(count: number): void {
      pending = Math.max(0, pending - count);
    },
    get pending(): number {
      return pending;
    },
  };
}
