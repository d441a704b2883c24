import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, test } from "vitest";
import { LOCALES } from "../locale.ts";
import { flattenMessages, type NestedMessages } from "./flatten.ts";
import { NAMESPACES } from "./namespaces.ts";

const root = join(import.meta.dirname, "../../locales");

function read(locale: string, namespace: string): Record<string, string> {
  const text = readFileSync(join(root, locale, `${namespace}.json`), "utf8");
  return flattenMessages(JSON.parse(text) as NestedMessages, namespace);
}

/** Argument names and tag names a message uses, e.g. `{count}` and `<link>`. */
function placeholders(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.tag) {
      found.add(`<${element.value}>`);
      placeholders(element.children, found);
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      found.add(`{${element.value}}`);
      for (const option of Object.values(element.options)) placeholders(option.value, found);
    } else if (element.type !== TYPE.literal && element.type !== TYPE.pound) {
      found.add(`{${element.value}}`);
    }
  }
  return found;
}

test("every locale has exactly the catalogue files English has", () => {
  const english = readdirSync(join(root, "en")).sort();
  expect(english).toEqual(NAMESPACES.map((namespace) => `${namespace}.json`).sort());
  for (const locale of LOCALES) expect(readdirSync(join(root, locale)).sort()).toEqual(english);
});

describe.each(LOCALES.filter((locale) => locale !== "en"))("%s catalogues", (locale) => {
  test.each(NAMESPACES)("%s has the same keys and placeholders as English", (namespace) => {
    const english = read("en", namespace);
    const translated = read(locale, namespace);
    expect(Object.keys(translated).sort()).toEqual(Object.keys(english).sort());
    for (const [id, message] of Object.entries(english)) {
      const translation = translated[id] ?? "";
      expect([id, [...placeholders(parse(translation))].sort()]).toEqual([
        id,
        [...placeholders(parse(message))].sort(),
      ]);
      expect(translation.trim(), `${locale} ${id} is empty`).not.toBe("");
    }
  });
});

test.each(LOCALES)("every %s message is valid ICU MessageFormat", (locale) => {
  for (const namespace of NAMESPACES) {
    for (const [id, message] of Object.entries(read(locale, namespace))) {
      expect(() => parse(message), `${locale} ${id}`).not.toThrow();
    }
  }
});

test("the keys the spec names keep their names", () => {
  const english = { ...read("en", "common"), ...read("en", "form") };
  expect(english["common.forms.required"]).toBe("This field is required!");
  expect(english["common.forms.email.missing"]).toBe("Please pick an email!");
  expect(english["common.forms.email.invalid"]).toBe(
    "Sorry, it doesn't look like you've put in a valid email address — can you double-check it's right?",
  );
  expect(english["form.errorTitle"]).toBeTruthy();
});

/**
 * A line may not start with a percent sign or with French closing punctuation: the space
 * before them is a no-break one (narrow before ? ! ; and a French %, full before : and
 * inside « », as the catalogues wrote them already). A 320 px phone showed "Ahorra un 20"
 * over "%" and "tableur" over "? Faites-lui". The product screenshots' labels (mockups)
 * are drawn into images, where lines do not wrap.
 */
describe("no-break spaces where a line must not break", () => {
  const rendered = (locale: string) =>
    NAMESPACES.filter((namespace) => namespace !== "mockups").flatMap((namespace) =>
      Object.entries(read(locale, namespace)).map(([id, message]) => ({ id, message })),
    );

  test.each(LOCALES)("%s: a number keeps its percent sign", (locale) => {
    const broken = rendered(locale).filter(({ message }) => /\d %/.test(message));
    expect(broken.map(({ id }) => id)).toEqual([]);
  });

  test("fr: no breakable space before ? ! ; : » or after «", () => {
    const broken = rendered("fr").filter(({ message }) => /\S [?!;:»]|« /.test(message));
    expect(broken.map(({ id, message }) => `${id}: ${message}`)).toEqual([]);
  });
});
