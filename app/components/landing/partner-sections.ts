/**
 * The partner landing's own parts that hold nothing to tap before the start (/xero): the
 * Xero-connection panel (links and text), the partner's about section and the data-flow
 * diagram, in a chunk of their own that the page requests after the start
 * (`partner-after-start.tsx`, decision record 0012). Their code, 3 KB gzip, made /xero the
 * heaviest first load.
 */
export { XeroConnectionPanel } from "../integration/xero-connection-panel.tsx";
export { AboutPartner } from "./about-partner.tsx";
export { PartnerDataFlow } from "./partner-data-flow.tsx";
