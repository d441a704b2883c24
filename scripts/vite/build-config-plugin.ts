import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseEnv } from "node:util";
import type { Plugin } from "vite";
import type { StatementSettings } from "../../app/lib/accessibility/statement.ts";
import {
  type BuildConfig,
  enabledVendors,
  readBuildConfig,
  type ThirdPartyVendor,
} from "../../app/lib/build-config.ts";
import { sourceDate } from "./source-date.ts";

/** Written next to `client/`: what the build turned on, read by the server for its CSP. */
export const BUILD_CONFIG_FILE = "site-config.json";

export interface BuildConfigManifest {
  config: BuildConfig;
  vendors: ThirdPartyVendor[];
  /**
   * One line per value the build was not given and what it switched off: the server repeats
   * them when it starts, so that `npm start` on an existing build still says what is off.
   */
  unset: string[];
  /** The accessibility statement's contact, reply time and review date, as the page gives them. */
  accessibility: StatementSettings;
}

/**
 * The build's environment: `process.env`, over the file named by `SITE_CONFIG_FILE` when
 * set (the test builds use `.env.test`, obviously fake ids that switch every tag on).
 */
export function buildEnv(
  env: NodeJS.ProcessEnv = process.env,
  root: string = process.cwd(),
): Record<string, string | undefined> {
  const file = env.SITE_CONFIG_FILE;
  if (!file) return { ...env };
  return { ...parseEnv(readFileSync(path.resolve(root, file), "utf8")), ...env };
}

const WARNED = Symbol.for("beyond.buildConfigWarned");

/**
 * Bakes the build configuration (app/lib/build-config.ts) into the bundle as
 * `__BUILD_CONFIG__`, and the accessibility statement's contact, reply time and review date
 * as `__ACCESSIBILITY_STATEMENT__` (read by its loader only), warns once per missing value (React Router loads this config more
 * than once per build, hence the process-wide flag), and writes `site-config.json` into the
 * build directory. A malformed value, or a missing required one under
 * `REQUIRE_SITE_CONFIG=1`, throws: the build exits non-zero naming the variable.
 */
export function buildConfigPlugin(env: Record<string, string | undefined> = buildEnv()): Plugin {
  const { config, accessibility, warnings } = readBuildConfig(env);
  // The accessibility statement's contact, reply time and review date: only its loader
  // reads them (app/lib/accessibility/statement.server.ts), so they stay out of the
  // __BUILD_CONFIG__ that the browser's code carries.
  const statement: StatementSettings = { ...accessibility, reviewedOn: sourceDate(env) };
  // Customers' quotes are the company's to supply, with their consent: a file the build
  // reads on the server side only (app/lib/landing/testimonials.server.ts), never text in
  // the code. Without one, the pages have no testimonials section.
  const testimonialsFile = env.TESTIMONIALS_FILE ? path.resolve(env.TESTIMONIALS_FILE) : "";
  if (!testimonialsFile) {
    warnings.push(
      "TESTIMONIALS_FILE is not set: no testimonials section (customers' quotes come from the deployment)",
    );
  }
  return {
    name: "build-config",
    config: () => ({
      define: {
        __BUILD_CONFIG__: JSON.stringify(config),
        __TESTIMONIALS_FILE__: JSON.stringify(testimonialsFile),
        __ACCESSIBILITY_STATEMENT__: JSON.stringify(statement),
      },
    }),
    // On building, not on merely loading the config (typegen, the dev server, the tests).
    configResolved(resolved) {
      const global = globalThis as { [WARNED]?: boolean };
      if (resolved.command !== "build" || global[WARNED]) return;
      global[WARNED] = true;
      for (const warning of warnings) console.warn(`[site config] ${warning}`);
    },
    async writeBundle(options) {
      if (this.environment?.name !== "client" || !options.dir) return;
      const manifest: BuildConfigManifest = {
        config,
        vendors: enabledVendors(config),
        unset: warnings,
        accessibility: statement,
      };
      const buildDir = path.dirname(options.dir);
      await mkdir(buildDir, { recursive: true });
      await writeFile(
        path.join(buildDir, BUILD_CONFIG_FILE),
        `${JSON.stringify(manifest, null, 2)}\n`,
      );
    },
  };
}
