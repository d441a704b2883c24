import { expect, test } from "vitest";
import {
  navigationDataLayerEntry,
  navigationEvent,
  trackingAnalyticsEvent,
  trackingDataLayerEntry,
} from "./analytics-events.ts";
import { createTrackingEvent } from "./tracking-event.ts";

test("a navigation event masks 17-character ids and carries the app tag", () => {
  expect(navigationEvent("/invite/aB3dE5gH7jK9mN2pQ?x=1")).toEqual({
    eventType: "Navigation",
    properties: { path: "/invite/ID?x=1", app: "Brochureware" },
  });
  expect(navigationDataLayerEntry("/invite/aB3dE5gH7jK9mN2pQ")).toEqual({
    event: "navigation",
    pagePath: "/invite/ID",
    app: "Brochureware",
  });
});

test("a tracking event keeps id, text, optional section and value, and the app tag", () => {
  const full = createTrackingEvent({
    id: "blog",
    text: "Blog",
    section: "header",
    value: "https://b",
  });
  expect(trackingAnalyticsEvent(full)).toEqual({
    eventType: "Tracking",
    properties: {
      id: "blog",
      text: "Blog",
      section: "header",
      value: "https://b",
      app: "Brochureware",
    },
  });
  expect(trackingDataLayerEntry(full)).toEqual({
    event: "tracking",
    trackingId: "blog",
    trackingText: "Blog",
    trackingSection: "header",
    trackingValue: "https://b",
    app: "Brochureware",
  });
  const bare = createTrackingEvent({ id: "x", text: "y" });
  expect(trackingAnalyticsEvent(bare).properties).toEqual({
    id: "x",
    text: "y",
    app: "Brochureware",
  });
  expect(trackingDataLayerEntry(bare)).toEqual({
    event: "tracking",
    trackingId: "x",
    trackingText: "y",
    app: "Brochureware",
  });
});
