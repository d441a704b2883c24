import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/lib/pages.ts";

export default {
  // Every page is prerendered to static HTML at build time, then hydrates into a SPA.
  ssr: false,
  prerender: () => prerenderPaths(),
} satisfies Config;
