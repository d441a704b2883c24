import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { SNAPSHOT_BUDGET_BYTES, SNAPSHOT_DIR } from "./snapshot-budget.ts";

test("the visual baselines stay within their size budget", () => {
  const files = readdirSync(SNAPSHOT_DIR).filter((file) => file.endsWith(".png"));
  // landing, pricing and referrals x four locales x two widths (tests/e2e/visual.spec.ts)
  expect(files).toHaveLength(24);
  const total = files.reduce((sum, file) => sum + statSync(join(SNAPSHOT_DIR, file)).size, 0);
  expect(total).toBeLessThanOrEqual(SNAPSHOT_BUDGET_BYTES);
});
