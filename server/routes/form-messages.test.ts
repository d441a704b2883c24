import { expect, test } from "vitest";
import { FORM_MESSAGES } from "../../app/lib/forms/rules.ts";
import { LOCALES } from "../../app/lib/locale.ts";
import { message } from "../../tests/e2e/support/catalog.ts";
import { createFieldErrorFormatter } from "./form-messages.ts";

const fieldErrors = createFieldErrorFormatter();

test.each(LOCALES)("every form message key has its text in %s", (locale) => {
  for (const key of Object.values(FORM_MESSAGES)) {
    const { email } = fieldErrors({ email: { key, values: { max: 100 } } }, locale);
    expect(email?.key).toBe(key);
    expect(email?.message).not.toBe(key);
    expect(email?.message).not.toContain("{");
  }
});

test("placeholders are formatted in the locale", () => {
  expect(
    fieldErrors({ company: { key: "common.forms.tooLong", values: { max: 5000 } } }, "de"),
  ).toEqual({
    company: {
      key: "common.forms.tooLong",
      message: message("de", "common.forms.tooLong").replace("{max, number}", "5.000"),
    },
  });
});
