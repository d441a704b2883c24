/**
 * `npm start`: builds the site when the build output is missing, then runs the production
 * server in this process.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../server/config.ts";
import { StartupError } from "../server/startup-error.ts";

/** True when the files the server refuses to start without are present. */
function hasBuild(buildDir: string): boolean {
  return ["client/index.html", "csp-hashes.json", "site-config.json"].every((file) =>
    existsSync(path.join(buildDir, file)),
  );
}

function runBuild(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "build"], { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function buildDirOrExit(): string {
  try {
    return loadConfig().buildDir;
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    console.error(`Cannot start the server: ${error.message}`);
    process.exit(1);
  }
}

const buildDir = buildDirOrExit();
if (!hasBuild(buildDir)) {
  console.log(`No build found in ${buildDir}: running \`npm run build\` first.`);
  const code = await runBuild();
  if (code !== 0) process.exit(code);
}
const { url } = await import("../server/main.ts");
console.log(`Beyond is running at ${url}`);
