import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
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
