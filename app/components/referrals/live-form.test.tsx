import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { loadMessages } from "../../lib/i18n/catalog.server.ts";
import { compileMessages } from "../../lib/i18n/compile.server.ts";
import { I18nProvider } from "../i18n/i18n-provider.tsx";
import { fieldId, PARTNER_FORM, REFERRAL_FORM } from "./form-definitions.ts";
import { LiveForm } from "./live-form.tsx";

/** How often each field (by its control's id) has rendered. */
const fieldRenders = vi.hoisted(() => new Map<string, number>());

vi.mock("../ui/field.tsx", async (importActual) => {
  const actual = await importActual<typeof import("../ui/field.tsx")>();
  return {
    ...actual,
    Field: (props: Parameters<typeof actual.Field>[0]) => {
      fieldRenders.set(props.id, (fieldRenders.get(props.id) ?? 0) + 1);
      return actual.Field(props);
    },
  };
});

afterEach(() => {
  cleanup();
  fieldRenders.clear();
});

const messages = compileMessages(loadMessages("en", ["common", "form", "referrals"]));
const NOTE = "Please check the highlighted fields and send the form again.";

function Form({ notice, kind = "referral" }: { notice?: string; kind?: "referral" | "partner" }) {
  return (
    <I18nProvider locale="en-GB" messages={messages}>
      <LiveForm
        definition={kind === "partner" ? PARTNER_FORM : REFERRAL_FORM}
        onSent={() => undefined}
        notice={notice}
      />
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

test("leaving an empty field shows its message and re-renders that field alone", async () => {
  render(<Form kind="partner" />);
  const firstNameId = fieldId("partner", "firstName");
  const firstName = document.getElementById(firstNameId) as HTMLInputElement;
  const before = new Map(fieldRenders);
  await act(async () => {
    firstName.focus();
    fireEvent.blur(firstName);
  });
  // The tap that moves on paints first; the field checks itself in the frame after.
  expect(firstName.getAttribute("aria-invalid")).toBeNull();
  await waitFor(() => expect(firstName.getAttribute("aria-invalid")).toBe("true"));
  expect(document.getElementById(`${firstNameId}-error`)?.textContent).not.toBe("");
  const renderedAgain = [...fieldRenders].filter(([id, count]) => count > (before.get(id) ?? 0));
  // Every other field, the dropdowns included, stays as it was: a tap that moves focus
  // on to the next field pays for one field's render, not the form's (issue 50).
  expect(renderedAgain.map(([id]) => id)).toEqual([firstNameId]);
  // No summary before a failed submit (SPEC §5).
  expect(screen.queryByText(/check the highlighted fields/i)).toBeNull();
});

test("a failed submit lists every invalid field in the summary, and a fix updates it", async () => {
  render(<Form kind="partner" />);
  await act(async () => {
    fireEvent.submit(document.querySelector("form") as HTMLFormElement);
  });
  const summary = screen.getByRole("alert");
  const before = summary.querySelectorAll("li").length;
  expect(before).toBeGreaterThan(1);
  const firstName = document.getElementById(fieldId("partner", "firstName")) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(firstName, { target: { value: "Ada" } });
  });
  expect(firstName.getAttribute("aria-invalid")).toBeNull();
  expect(summary.querySelectorAll("li").length).toBe(before - 1);
});
