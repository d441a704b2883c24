import type { TestEvent } from "node:test/reporters";

/**
 * A node:test reporter that ends the run with one line, `engines: N passed, N failed`,
 * counting tests, not suites.
 */
export default async function* summary(source: AsyncIterable<TestEvent>) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    // A failing before hook (say, a missing browser) fails every test under it.
    if (event.data.details.type === "suite") continue;
    if (event.type === "test:pass") passed += 1;
    else failed += 1;
  }
  yield `engines: ${passed} passed, ${failed} failed\n`;
}
