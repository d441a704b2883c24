import browserslist from "browserslist";

/** Browserslist names of the engines the build can target, and their names in `build.target`. */
const FAMILIES: Readonly<Record<string, string>> = {
  chrome: "chrome",
  edge: "edge",
  firefox: "firefox",
  safari: "safari",
  // iOS Safari versions are Safari versions; the transform knows Safari only by that name.
  ios_saf: "safari",
};

/**
 * Vite's `build.target` from the `browserslist` entry of package.json: the oldest version of
 * each engine family the support matrix names (e.g. `["chrome156", "firefox153", …]`), so
 * the build never emits syntax a supported browser cannot parse. Entries outside these
 * families are refused rather than silently ignored.
 */
export function buildTargets(browsers: readonly string[] = browserslist()): string[] {
  const oldest = new Map<string, number[]>();
  for (const entry of browsers) {
    const [name = "", version = ""] = entry.split(" ");
    const family = FAMILIES[name];
    if (family === undefined) {
      throw new Error(`browserslist names ${entry}, which the build target cannot express`);
    }
    // "18.5-18.7" (a range of iOS versions) counts from its first.
    const parts = (version.split("-")[0] ?? "").split(".").map(Number);
    const current = oldest.get(family);
    if (current === undefined || compare(parts, current) < 0) oldest.set(family, parts);
  }
  return [...oldest].map(([family, parts]) => `${family}${parts.join(".")}`).sort();
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
