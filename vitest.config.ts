import { defineConfig } from "vitest/config";
import { amplitudeSwitchedOff } from "./scripts/vite/amplitude-switched-off.ts";
import { buildConfigPlugin, buildEnv } from "./scripts/vite/build-config-plugin.ts";

export default defineConfig({
  test: {
    projects: [
      {
        // The SDK as it ships: without the parts the site's options switch off.
        // The test build configuration (.env.test): every tag and video on, fake ids.
        plugins: [
          amplitudeSwitchedOff(),
          buildConfigPlugin(buildEnv({ SITE_CONFIG_FILE: ".env.test" })),
        ],
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./tests/unit/setup.ts"],
        },
      },
      {
        test: {
          name: "server",
          include: ["server/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
        },
      },
    ],
  },
});
