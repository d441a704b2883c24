import { afterEach, expect, test, vi } from "vitest";
import { addTrackingSink, createTrackingEvent, trackEvent } from "./tracking-event.ts";

const removers: Array<() => void> = [];
afterEach(() => {
  for (const remove of removers.splice(0)) remove();
  vi.restoreAllMocks();
});

test("events carry the Brochureware app tag and drop empty optional fields", () => {
  expect(
    createTrackingEvent({ id: "register", text: "  Try it now ", section: "", value: "" }),
  ).toEqual({
    id: "register",
    text: "Try it now",
    app: "Brochureware",
  });
  expect(createTrackingEvent({ id: "x", text: "y", section: "footer", value: 0 })).toEqual({
    id: "x",
    text: "y",
    section: "footer",
    value: 0,
    app: "Brochureware",
  });
});

test("every sink receives the event, and a failing sink does not stop the others", () => {
  const received: string[] = [];
  vi.spyOn(console, "error").mockImplementation(() => {});
  removers.push(
    addTrackingSink(() => {
      throw new Error("boom");
    }),
  );
  removers.push(addTrackingSink((event) => received.push(event.id)));
  trackEvent({ id: "blog", text: "Blog" });
  expect(received).toEqual(["blog"]);
});
