import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { loadMessages } from "../../lib/i18n/catalog.server.ts";
import { compileMessages } from "../../lib/i18n/compile.server.ts";
import { I18nProvider } from "../i18n/i18n-provider.tsx";
import { REFERRAL_FORM } from "./form-definitions.ts";
import { LiveForm } from "./live-form.tsx";

afterEach(cleanup);

const messages = compileMessages(loadMessages("en", ["form", "referrals"]));
const NOTE = "Please check the highlighted fields and send the form again.";

function Form({ notice }: { notice?: string }) {
  return (
    <I18nProvider locale="en-GB" messages={messages}>
      <LiveForm definition={REFERRAL_FORM} onSent={() => undefined} notice={notice} />
    </I18nProvider>
  );
}

test("a notice given at mount is the form's status", () => {
  render(<Form notice={NOTE} />);
  expect(screen.getByRole("status").textContent).toBe(NOTE);
});

test("a notice given after the form mounted becomes its status too", () => {
  const { rerender } = render(<Form />);
  expect(screen.getByRole("status").textContent).toBe("");
  rerender(<Form notice={NOTE} />);
  expect(screen.getByRole("status").textContent).toBe(NOTE);
});
