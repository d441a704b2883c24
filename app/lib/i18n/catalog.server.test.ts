import { expect, test } from "vitest";
import { loadMessages } from "./catalog.server.ts";
import { FORM_SOURCES, SHELL_SOURCES } from "./namespaces.ts";

test("a prefix loads only the keys under it", () => {
  const keys = Object.keys(loadMessages("de", ["integration.diagram"]));
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.every((key) => key.startsWith("integration.diagram."))).toBe(true);
});

test("a prefix that matches nothing is an error, not an empty page", () => {
  expect(() => loadMessages("fr", ["landing.nothingHere"])).toThrow(/landing\.nothingHere/);
});

test("the shell leaves the forms' messages to the page that shows a form", () => {
  const shell = Object.keys(loadMessages("es", SHELL_SOURCES, FORM_SOURCES));
  expect(shell).toContain("common.nav.pricing");
  expect(shell).toContain("common.notFound.heading");
  expect(shell.some((key) => key.startsWith("consent."))).toBe(true);
  expect(shell.filter((key) => key.startsWith("common.forms.") || key.startsWith("form."))).toEqual(
    [],
  );
  const forms = Object.keys(loadMessages("es", FORM_SOURCES));
  expect(forms).toEqual(
    expect.arrayContaining([
      "common.forms.required",
      "common.forms.email.missing",
      "common.forms.email.invalid",
      "form.errorTitle",
    ]),
  );
});
