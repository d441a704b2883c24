import { defineConfig } from "vitest/config";
import { amplitudeSwitchedOff } from "./scripts/vite/amplitude-switched-off.ts";

export default defineConfig({
  test: {
    projects: [
      {
        // The SDK as it ships: without the parts the site's options switch off.
        plugins: [amplitudeSwitchedOff()],
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
