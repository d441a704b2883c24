import { injectScript } from "./inject-script.ts";

declare global {
  interface Window {
    _linkedin_partner_id?: string;
    _linkedin_data_partner_ids?: string[];
    lintrk?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  }
}

const LINKEDIN_INSIGHT_SRC = "https://snap.licdn.com/li.lms-analytics/insight.min.js";

/**
 * The professional network's advertising tag (SPEC §7): LinkedIn's snippet with its queue
 * stub, injected asynchronously.
 */
export function loadLinkedInInsight(partnerId: string): Promise<void> {
  window._linkedin_partner_id = partnerId;
  window._linkedin_data_partner_ids = [...(window._linkedin_data_partner_ids ?? []), partnerId];
  if (!window.lintrk) {
    const queue: unknown[][] = [];
    const lintrk = (...args: unknown[]) => {
      queue.push(args);
    };
    lintrk.q = queue;
    window.lintrk = lintrk;
  }
  return injectScript(LINKEDIN_INSIGHT_SRC);
}
