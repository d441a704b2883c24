/**
 * Stands in, in the browser build, for the parts of the Amplitude SDK that the site's options
 * switch off (scripts/vite/amplitude-switched-off.ts lists them). The SDK bundles them whatever
 * the options say, so without these stand-ins every consenting visitor would download about
 * 35 KB gzip of code that never runs. Each stand-in fails loudly if an option ever switched its
 * part on, rather than track something the consent banner and the privacy policy do not
 * describe.
 */

function switchedOff(part: string): never {
  throw new Error(`Amplitude ${part} is switched off in sdkOptions (app/browser/analytics-sdk.ts)`);
}

// Optional plugins: added only when `autocapture` (alias `defaultTracking`) or
// `customEnrichment` ask for them, and sdkOptions sets both off.
export const autocapturePlugin = () => switchedOff("autocapture");
export const frustrationPlugin = () => switchedOff("frustration tracking");
export const performancePlugin = () => switchedOff("performance tracking");
export const customEnrichmentPlugin = () => switchedOff("custom enrichment");
export const eventPropertyTrackingPlugin = () => switchedOff("event property attribution");
export const pageUrlEnrichmentPlugin = () => switchedOff("page URL enrichment");
export const pageViewTrackingPlugin = () => switchedOff("page view tracking");
export const webVitalsPlugin = () => switchedOff("web vitals");
export const formInteractionTracking = () => switchedOff("form interaction tracking");
export const fileDownloadTracking = () => switchedOff("file download tracking");
export const plugin = () => switchedOff("network capture");

/** Created only when `fetchRemoteConfig` is on; sdkOptions sets it off. */
export class RemoteConfigClient {
  constructor() {
    switchedOff("remote configuration");
  }
}

/**
 * The SDK's diagnostics client is created even with `enableDiagnostics: false`, and would
 * then still open an IndexedDB database (`AMP_diagnostics_…`) and write a timestamp to it.
 * Reporting no IndexedDB leaves that client without storage, so it records and stores nothing.
 */
export const DiagnosticsStorage = { isSupported: (): boolean => false };
