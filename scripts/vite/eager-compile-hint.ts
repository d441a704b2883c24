import type { Plugin } from "vite";

/**
 * V8's explicit compile hint (Chrome 136 and later; a plain comment to other engines): a
 * script whose first line is this comment has all its functions compiled while it streams
 * in, on a background thread, instead of each on the main thread the first time it is
 * called. On the second line it does nothing (checked in Chromium 156). Nearly every
 * function of the chunks a page starts with runs while it starts (React DOM's hydration,
 * React Router's setup, the shell), and compiling them one by one on first call was a large
 * part of the start's longest tasks (decision record 0014).
 */
export const EAGER_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Chunks that load only after a page has started: the consent-gated services (and the
 * analytics setup they share with the SDK), the analytics SDK after consent, the footer, the
 * chat bubble, the landing pages' sections below the first screen and /xero's own parts, the
 * referral modals, the live referral form when a modal opens, and the speed report after
 * analytics consent. Only some of their functions run, so they keep V8's lazy
 * compilation. `scripts/postbuild.ts` fails the build when this list and the pages' first
 * loads disagree.
 */
export const LATER_CHUNKS: ReadonlySet<string> = new Set([
  "analytics-sdk",
  "analytics-setup",
  "chat",
  "chat-bubble",
  "consent-services",
  "footer",
  "later-sections",
  "live-form",
  "partner-sections",
  "referral-forms",
  "referral-modals",
  "web-vitals-report",
]);

/** A chunk's code with the hint as its first line (a source map shifted one line down). */
export function withEagerCompileHint(
  code: string,
  map?: { mappings: string },
): { code: string; mappings?: string } {
  if (code.startsWith(`${EAGER_COMPILE_HINT}\n`)) return { code, mappings: map?.mappings };
  return {
    code: `${EAGER_COMPILE_HINT}\n${code}`,
    mappings: map === undefined ? undefined : `;${map.mappings}`,
  };
}

/**
 * Puts the hint on the first line of every client chunk but LATER_CHUNKS. It runs last in
 * `generateBundle`, because Vite puts its table of preloaded dependencies (`__vite__mapDeps`)
 * at the top of some chunks there, which an `output.banner` would end up below.
 */
export function eagerCompileHint(): Plugin {
  return {
    name: "eager-compile-hint",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== "chunk" || LATER_CHUNKS.has(output.name)) continue;
          const mapAsset = bundle[`${output.fileName}.map`];
          const map = mapAsset?.type === "asset" ? JSON.parse(String(mapAsset.source)) : undefined;
          const hinted = withEagerCompileHint(output.code, map);
          output.code = hinted.code;
          if (mapAsset?.type === "asset" && map) {
            mapAsset.source = JSON.stringify({ ...map, mappings: hinted.mappings });
          }
        }
      },
    },
  };
}
