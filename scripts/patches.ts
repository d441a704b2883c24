import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The places where the build changes another project's code or output, each kept only
 * because it measurably pays for itself (decision record 0028 has the table). Every one
 * checks the shape of what it changes before it changes anything, and fails the build with
 * `PatchTargetChangedError` when an upgrade changed it: the bundler never gets to report a
 * missing export or quietly ship the bytes back.
 *
 * `BUILD_SKIP_PATCHES=name,name` builds without the patches named, so that
 * `bench/patches.ts` can measure what each still buys. Such a build is for measuring only:
 * the checks that hold the output to a patch's result are off with the patch.
 */
export interface Patch {
  /** What `BUILD_SKIP_PATCHES` calls it. */
  name: string;
  /** The file that holds the patch, from the repository's root. */
  file: string;
  /** The npm package whose code or output the patch changes. */
  dependency: string;
  /** The decision record that says what it buys, from docs/decisions/. */
  record: string;
}

export const PATCHES = {
  "react-dom-client-module": {
    name: "react-dom-client-module",
    file: "scripts/vite/react-dom-client-module.ts",
    dependency: "react-dom",
    record: "0014-compile-the-start-off-the-main-thread.md",
  },
  "defer-hydration": {
    name: "defer-hydration",
    file: "scripts/defer-hydration.ts",
    dependency: "react-router",
    record: "0007-start-the-app-after-the-first-paint.md",
  },
  "router-before-renderer": {
    name: "router-before-renderer",
    file: "app/browser/router-before-renderer.ts",
    dependency: "react-router",
    record: "0022-create-the-router-while-the-renderer-downloads.md",
  },
  "locale-manifests": {
    name: "locale-manifests",
    file: "scripts/locale-manifests.ts",
    dependency: "react-router",
    record: "0025-one-route-manifest-per-locale.md",
  },
  "amplitude-switched-off": {
    name: "amplitude-switched-off",
    file: "scripts/vite/amplitude-switched-off.ts",
    dependency: "@amplitude/analytics-browser",
    record: "0004-consent-analytics-and-tags.md",
  },
  "router-parts-switched-off": {
    name: "router-parts-switched-off",
    file: "scripts/vite/router-parts-switched-off.ts",
    dependency: "react-router",
    record: "0012-first-load-in-few-chunks.md",
  },
  "router-link-components-dropped": {
    name: "router-link-components-dropped",
    file: "scripts/vite/router-link-components-dropped.ts",
    dependency: "react-router",
    record: "0023-less-main-thread-work-in-the-start.md",
  },
} as const satisfies Record<string, Patch>;

export type PatchName = keyof typeof PATCHES;

/** The decision record with the rule for keeping a patch and what each bought. */
export const PATCHES_RECORD = "0028-patches-kept-only-where-they-pay.md";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The version of `dependency` installed in `nodeModules` (the repository's, by default). */
export function installedVersion(
  dependency: string,
  nodeModules = path.join(ROOT, "node_modules"),
): string {
  try {
    const file = path.join(nodeModules, dependency, "package.json");
    return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
  } catch {
    return "(not installed)";
  }
}

/**
 * Thrown, before anything is changed, when what a patch changes no longer has the shape the
 * patch was written for. The message names the patch, the dependency and the version
 * installed, what differs, and the decision record that says what the patch buys, so that
 * whoever upgrades can decide to update the patch or drop it.
 */
export class PatchTargetChangedError extends Error {
  readonly patch: Patch;
  /** What no longer holds, without the rest of the message. */
  readonly problem: string;
  constructor(patch: Patch, problem: string, version = installedVersion(patch.dependency)) {
    super(
      `Patch ${patch.file} does not fit ${patch.dependency} ${version}: ${problem}. ` +
        `The patch was written for the shape it checks; this version changed it. Read ` +
        `docs/decisions/${patch.record} (what the patch does and why) and ` +
        `docs/decisions/${PATCHES_RECORD} (what it bought when last measured), then update ` +
        `the patch for ${patch.dependency} ${version} or remove it; ` +
        `BUILD_SKIP_PATCHES=${patch.name} builds without it meanwhile, and ` +
        `\`npm run bench:patches -- --patches=${patch.name}\` measures what it still buys.`,
    );
    this.name = "PatchTargetChangedError";
    this.patch = patch;
    this.problem = problem;
  }
}

/**
 * The patches `BUILD_SKIP_PATCHES` names (comma-separated). An unknown name is an error:
 * a typo would otherwise measure the wrong build.
 */
export function skippedPatches(value = process.env.BUILD_SKIP_PATCHES ?? ""): Set<PatchName> {
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(name in PATCHES));
  if (unknown.length > 0) {
    throw new Error(
      `BUILD_SKIP_PATCHES names ${unknown.join(", ")}, which is not a patch; the patches are ` +
        Object.keys(PATCHES).join(", "),
    );
  }
  return new Set(names as PatchName[]);
}

/** Whether the build applies `name` (it does unless BUILD_SKIP_PATCHES names it). */
export function patchApplied(name: PatchName, skipped = skippedPatches()): boolean {
  return !skipped.has(name);
}
