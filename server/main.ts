/**
 * Production entry point: `node server/main.ts`. Reads the environment, serves the build
 * and shuts down gracefully on SIGTERM/SIGINT. Exits 1 with a readable message when the
 * configuration or the build output is missing.
 */
import { loadConfig } from "./config.ts";
import { installGracefulShutdown, type RunningServer, startServer } from "./server.ts";
import { StartupError } from "./startup-error.ts";

async function main(): Promise<RunningServer> {
  try {
    const running = await startServer(loadConfig());
    installGracefulShutdown(running.app);
    return running;
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(`Cannot start the server: ${error.message}`);
    process.exit(1);
  }
}

/** The URL the server listens on, for callers that import this module (scripts/start.ts). */
export const { url } = await main();
