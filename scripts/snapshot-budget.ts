import { join } from "node:path";

/** Where Playwright keeps the visual baselines (playwright.config.ts, `pathTemplate`). */
export const SNAPSHOT_DIR = join(import.meta.dirname, "../tests/e2e/visual.spec.ts-snapshots");

/**
 * Every clone carries every version of every baseline, so their total is capped. Playwright's
 * PNGs are already near what lossless re-encoding reaches (zlib level 9 with adaptive
 * filtering saved 2 %), so the budget is kept by what is shot: whole pages at 375 px, first
 * screens at 1440 px (tests/e2e/visual.spec.ts). A new page or width that does not fit
 * should shoot key regions rather than raise this.
 */
export const SNAPSHOT_BUDGET_BYTES = 10_000_000;
