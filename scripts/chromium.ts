/**
 * How every tool here starts Chromium (Playwright, the benchmark's Lighthouse and
 * interaction runs): Debian's build, nothing downloaded. The flags keep it from calling
 * home (no background networking, component updates or sync) so that a measurement or a
 * test sees only the site's own requests; no sandbox and no GPU, for containers and CI.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
