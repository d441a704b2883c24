import path from "node:path";
import stylelint from "stylelint";
import { expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Lints CSS text with the project's configuration, as `npm run lint` does. */
async function lint(code: string): Promise<string[]> {
  const result = await stylelint.lint({
    code,
    codeFilename: path.join(root, "app/styles/probe.css"),
    cwd: root,
  });
  return (result.results[0]?.warnings ?? []).map((warning) => warning.text);
}

// If an upgrade of the plugin or its caniuse data stopped reading the support matrix, the
// lint would pass everything in silence; these cases keep it honest.
test("a CSS feature that a supported browser lacks fails the lint", async () => {
  const warnings = await lint(".drop-cap { initial-letter: 2; }\n");
  expect(warnings).toEqual([expect.stringMatching(/css-initial-letter.*not supported by Firefox/)]);
});

test("what the site's CSS uses, and the three allowed no-ops, pass", async () => {
  expect(
    await lint(
      "html { text-size-adjust: 100%; }\n.toggle { cursor: pointer; }\n" +
        "textarea { resize: vertical; }\n.faq:has(> details[open]) { gap: 1rem; }\n",
    ),
  ).toEqual([]);
});

// Decision record 29: on a phone a tapped element keeps :hover until the next tap elsewhere.
test("a :hover style outside @media (hover: hover) fails the lint, naming the selector", async () => {
  expect(await lint(".step:hover { background: blue; }\n")).toEqual([
    expect.stringMatching(/"\.step:hover" styles :hover outside @media \(hover: hover\)/),
  ]);
  expect(await lint("@media (min-width: 40em) { .nav a:hover { color: red; } }\n")).toHaveLength(1);
});

test("a :hover style inside @media (hover: hover), nested or not, passes", async () => {
  expect(
    await lint(
      "@media (hover: hover) { .step:hover { background: blue; } }\n" +
        "@media (min-width: 40em) { @media (hover: hover) { .nav a:hover { color: red; } } }\n" +
        ".step:focus-visible { outline: 3px solid; }\n",
    ),
  ).toEqual([]);
});
