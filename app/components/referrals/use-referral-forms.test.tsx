import { act, renderHook } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import type { LiveFormComponent } from "./load-live-form.ts";

// The live form's chunk, held back until the test lets it arrive.
let deliver: (form: LiveFormComponent) => void = () => undefined;
vi.mock("./load-live-form.ts", () => ({
  loadLiveForm: () =>
    new Promise<LiveFormComponent>((resolve) => {
      deliver = resolve;
    }),
  prefetchLiveForm: () => undefined,
}));

const { useReferralForms } = await import("./use-referral-forms.ts");
const LiveForm = (() => null) as unknown as LiveFormComponent;

test("a modal closed while its live form is still loading stays closed when it arrives", async () => {
  const { result } = renderHook(() => useReferralForms());
  let opening: Promise<void> = Promise.resolve();
  act(() => {
    opening = result.current.open("referral", null);
  });
  act(() => result.current.close("referral"));
  await act(async () => {
    deliver(LiveForm);
    await opening;
  });
  expect(result.current.openForm).toBeNull();
  expect(result.current.LiveForm).toBe(LiveForm);
});

test("an open that is still the latest request opens its modal once the form arrives", async () => {
  const { result } = renderHook(() => useReferralForms());
  let opening: Promise<void> = Promise.resolve();
  act(() => {
    opening = result.current.open("partner", null);
  });
  expect(result.current.openForm).toBeNull();
  await act(async () => {
    deliver(LiveForm);
    await opening;
  });
  expect(result.current.openForm).toBe("partner");
});
