import path from "node:path";
import { ESLint } from "eslint";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Lints built JavaScript with the project's configuration, as `npm run lint:js-compat` does. */
async function lint(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, "build/client/assets/probe.js"),
  });
  return (result?.messages ?? []).map((message) => message.message);
}

// If an upgrade of the plugin or its browser data stopped reading the support matrix, the
// lint would pass everything in silence; these cases keep it honest. The first case loads
// ESLint and the browser data: about a second alone, past Vitest's 5 s on a loaded host.
test("an API that a supported browser lacks fails the lint", async () => {
  expect(await lint("navigator.getBattery().then(console.log);\n")).toEqual([
    expect.stringMatching(/getBattery.*not supported in .*(Safari|Firefox)/),
  ]);
}, 30_000);

test("APIs of the whole matrix, and the feature-detected ones declared handled, pass", async () => {
  expect(
    await lint(
      "new IntersectionObserver(() => {});\n" +
        "window.requestIdleCallback(() => {});\n" +
        "scheduler.yield();\n",
    ),
  ).toEqual([]);
});
