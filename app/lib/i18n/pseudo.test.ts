import { parse } from "@formatjs/icu-messageformat-parser";
import { IntlMessageFormat } from "intl-messageformat";
import { expect, test } from "vitest";
import { accent, PSEUDO_EXPANSION, pseudoMessage } from "./pseudo.ts";

test("accents letters with the ones the other catalogues use, and leaves the rest", () => {
  expect(accent("Try it now, 30 days")).toBe("Try ît ñöw, 30 dáys");
});

test("a plain message is bracketed and padded to 140 % of its length", () => {
  const english = "Start your 30-day free trial. No credit card needed.";
  const pseudo = pseudoMessage(english);
  expect(typeof pseudo).toBe("string");
  expect(pseudo).toMatch(/^\[Stárt yöür 30-dáy fréé trîál\. Nö çrédît çárd ñéédéd\. .+\]$/);
  expect((pseudo as string).length).toBeGreaterThanOrEqual(
    Math.floor(english.length * PSEUDO_EXPANSION) - 1,
  );
  expect((pseudo as string).length).toBeLessThanOrEqual(
    Math.ceil(english.length * PSEUDO_EXPANSION) + 1,
  );
});

test("placeholders, plurals and tags keep working; only their text changes", () => {
  const ast = parse("{count, plural, one {# licence} other {# licences}} for <b>{name}</b>");
  const pseudo = pseudoMessage(ast);
  const formatted = new IntlMessageFormat(pseudo as never, "en").format({
    count: 2,
    name: "Ada",
    b: (chunks: unknown[]) => `*${chunks.join("")}*`,
  }) as string | unknown[];
  const text = Array.isArray(formatted) ? formatted.join("") : formatted;
  expect(text).toMatch(/^\[2 lîçéñçés för \*Ada\* .*\]$/);
});
