import type { BuildConfig } from "./build-config.ts";

declare const __BUILD_CONFIG__: BuildConfig;

/**
 * The identifiers this build was configured with (analytics keys, tag ids, chat property,
 * videos), baked in at build time by `scripts/vite/build-config-plugin.ts` from the
 * environment. Each is undefined when not configured: its tag or section is then off.
 */
export const DEPLOYMENT: BuildConfig = __BUILD_CONFIG__;
