/**
 * `scheduler.yield()` where the browser has it, else a timer task. The start yields only a
 * few times in a row, well short of the five nested timers after which browsers clamp them.
 */
export function yieldToMainThread(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}
