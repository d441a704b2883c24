import { maskIds } from "./mask-ids.ts";
import { APP_TAG, type TrackingEvent } from "./tracking-event.ts";

/** An event as the analytics client takes it: a type and flat properties. */
export interface AnalyticsEvent {
  eventType: string;
  properties: Record<string, string | number>;
}

const NAVIGATION_EVENT = "Navigation";
const TRACKING_EVENT = "Tracking";

/** SPEC §7: a navigation event for a path (with query), 17-character ids masked. */
export function navigationEvent(path: string): AnalyticsEvent {
  return { eventType: NAVIGATION_EVENT, properties: { path: maskIds(path), app: APP_TAG } };
}

/** SPEC §3: a tracking event (id, text, optional section and value, app tag) for the client. */
export function trackingAnalyticsEvent(event: TrackingEvent): AnalyticsEvent {
  const properties: Record<string, string | number> = {
    id: event.id,
    text: event.text,
    app: event.app,
  };
  if (event.section !== undefined) properties.section = event.section;
  if (event.value !== undefined) properties.value = event.value;
  return { eventType: TRACKING_EVENT, properties };
}

/** The same tracking event as a data-layer entry, which the tag manager reads. */
export function trackingDataLayerEntry(event: TrackingEvent): Record<string, string | number> {
  const entry: Record<string, string | number> = {
    event: "tracking",
    trackingId: event.id,
    trackingText: event.text,
    app: event.app,
  };
  if (event.section !== undefined) entry.trackingSection = event.section;
  if (event.value !== undefined) entry.trackingValue = event.value;
  return entry;
}

/** A route change as a data-layer entry (the tag manager's virtual page view). */
export function navigationDataLayerEntry(path: string): Record<string, string> {
  return { event: "navigation", pagePath: maskIds(path), app: APP_TAG };
}
