/**
 * `node scripts/nginx-config.ts [buildDir]`: writes `build/nginx/beyond-http.conf` and
 * `beyond-server.conf` from the build and the same environment the server reads
 * (TRUST_PROXY, HSTS, PUBLIC_ORIGIN). `npm run build` runs it; run it again to regenerate
 * for another environment without rebuilding.
 */
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { writeNginxConfig } from "../server/nginx-config.ts";
import { StartupError } from "../server/startup-error.ts";

const buildDir = path.resolve(process.argv[2] ?? (process.env.BUILD_DIR?.trim() || "build"));
try {
  const config = loadConfig();
  const written = await writeNginxConfig(buildDir, path.join(buildDir, "nginx"), {
    trustProxy: config.trustProxy,
    hsts: config.hsts,
    publicOrigin: config.api?.publicOrigin ?? "https://www.beyondbudget.app",
  });
  console.log(
    `nginx config: ${written.map((file) => path.relative(process.cwd(), file)).join(", ")}`,
  );
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  // A StartupError is a configuration mistake (e.g. a bad TRUST_PROXY): its message says which.
  console.error(
    `nginx config failed${error instanceof StartupError ? " (configuration)" : ""}: ${message}`,
  );
  process.exit(1);
}
