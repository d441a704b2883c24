/** SPEC §3: every tracking event carries the app tag 'Brochureware'. */
export const APP_TAG = "Brochureware";

export interface TrackingEvent {
  id: string;
  text: string;
  section?: string;
  value?: string | number;
  app: typeof APP_TAG;
}

export type TrackingSink = (event: TrackingEvent) => void;

const sinks = new Set<TrackingSink>();

/** Registers a destination for tracking events (analytics client, data layer); returns its removal. */
export function addTrackingSink(sink: TrackingSink): () => void {
  sinks.add(sink);
  return () => sinks.delete(sink);
}

/** Shapes an event: trims text, drops empty optional fields, adds the app tag. */
export function createTrackingEvent(input: Omit<TrackingEvent, "app">): TrackingEvent {
  const event: TrackingEvent = { id: input.id, text: input.text.trim(), app: APP_TAG };
  if (input.section) event.section = input.section;
  if (input.value !== undefined && input.value !== "") event.value = input.value;
  return event;
}

/**
 * Sends an event to every registered sink. A failing sink never breaks the visitor's click,
 * so errors are reported and swallowed.
 */
export function trackEvent(input: Omit<TrackingEvent, "app">): void {
  const event = createTrackingEvent(input);
  for (const sink of sinks) {
    try {
      sink(event);
    } catch (error) {
      console.error("Tracking sink failed", error);
    }
  }
}
