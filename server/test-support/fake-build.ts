import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** Inline scripts of the fake home page, as React Router emits them (one per line type). */
export const HOME_SCRIPTS = [
  'window.__reactRouterContext = {"basename":"/","isSpaMode":false};',
  'import "/assets/entry.client-abc123.js";\r\nwindow.__hydrated = true;',
];

/** A large enough, repetitive body so brotli and gzip both win. */
const FILLER = "<p>Budgeting for accountants, bookkeepers and consultants.</p>\n".repeat(60);

function page(lang: string, title: string, scripts: readonly string[]): string {
  const inline = scripts.map((script) => `<script>${script}</script>`).join("");
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title>` +
    `<script type="module" src="/assets/entry.client-abc123.js"></script>` +
    `<link rel="stylesheet" href="/assets/global-def456.css"/></head>` +
    `<body><h1>${title}</h1>${FILLER}${inline}</body></html>`
  );
}

/** Paths (relative to the build dir) and contents of the fake `react-router build` output. */
function fakeFiles(): Record<string, string | Buffer> {
  return {
    // Written by the Vite build (scripts/vite/build-config-plugin.ts): every tag on.
    "site-config.json": JSON.stringify({
      vendors: ["vimeo", "amplitude", "tagManager", "linkedIn", "chat"],
    }),
    "client/index.html": page("en", "Home", HOME_SCRIPTS),
    "client/pricing/index.html": page("en", "Pricing", ['window.page = "pricing";']),
    "client/de/index.html": page("de", "Startseite", ['window.page = "de-home";']),
    "client/de/pricing/index.html": page("de", "Preise", ['window.page = "de-pricing";']),
    "client/fr/pricing/index.html": page("fr", "Tarifs", ['window.page = "fr-pricing";']),
    "client/faqs/reports-in-beyond/index.html": page("en", "Reports", []),
    "client/xero-integration/step-by-step/index.html": page("en", "Steps", []),
    "client/404/index.html": page("en", "Not found EN", ['window.page = "404";']),
    "client/de/404/index.html": page("de", "Not found DE", ['window.page = "de-404";']),
    "client/es/404/index.html": page("es", "Not found ES", ['window.page = "es-404";']),
    "client/fr/404/index.html": page("fr", "Not found FR", ['window.page = "fr-404";']),
    "client/__spa-fallback.html": page("en", "SPA fallback", []),
    "client/pricing.data": `[{"_1":2},"routes/pricing",${'"x",'.repeat(200)}"end"]`,
    "client/_root.data": '[{"_1":2},"root"]',
    "client/assets/entry.client-abc123.js": `export const app = ${JSON.stringify("x".repeat(4000))};\n`,
    // The lazily loaded analytics chunk, whose gzip size the postbuild step checks.
    "client/assets/analytics-sdk-abc123.js": `export const sdk = ${JSON.stringify("y".repeat(4000))};\n`,
    // The speed report's chunk, loaded after analytics consent: its budget is checked too.
    "client/assets/web-vitals-report-abc123.js": `export const vitals = ${JSON.stringify("v".repeat(4000))};\n`,
    "client/assets/entry.client-abc123.js.map": '{"version":3,"sources":["secret.ts"]}',
    "client/assets/global-def456.css": `body { margin: 0; }\n${".a { color: red; }\n".repeat(100)}`,
    "client/assets/inter-789.woff2": randomBytes(2048),
    "client/media/tour.mp4": randomBytes(1024 * 1024 + 4096),
    "client/favicon.svg": `<svg xmlns="http://www.w3.org/2000/svg"><title>Beyond</title>${"<g/>".repeat(50)}</svg>`,
    "client/site.webmanifest": '{"name":"Beyond","icons":[]}',
    "client/.env": "SECRET=dotfile",
    "client/.vite/manifest.json": '{"secret":true}',
    "client/package.json": '{"name":"leak"}',
    "client/server.ts": "export const secret = 1;",
    "server/index.js": "export const secret = 'server bundle';",
  };
}

/** A fake build directory plus a secret file next to it, for traversal attempts. */
export interface FakeBuild {
  root: string;
  buildDir: string;
  cleanup: () => Promise<void>;
}

/**
 * Writes a fake build in a fresh temporary directory: `build/client` with pages, 404 pages
 * per locale, `.data`, assets, a source map, dotfiles, `__spa-fallback.html`, a video, a
 * file and a folder symlinked from outside, plus `build/server` and `<root>/secret.txt`.
 * Run the postbuild steps on it before starting the app.
 */
export async function createFakeBuild(): Promise<FakeBuild> {
  const root = await mkdtemp(path.join(tmpdir(), "beyond-build-"));
  const buildDir = path.join(root, "build");
  for (const [relative, content] of Object.entries(fakeFiles())) {
    const target = path.join(buildDir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  await writeFile(path.join(root, "secret.txt"), "top secret outside the build");
  await symlink(path.join(root, "secret.txt"), path.join(buildDir, "client", "leak.txt"));
  await mkdir(path.join(root, "outside"));
  await writeFile(path.join(root, "outside", "leak.txt"), "top secret in a linked folder");
  await symlink(path.join(root, "outside"), path.join(buildDir, "client", "linked"));
  return { root, buildDir, cleanup: () => rm(root, { recursive: true, force: true }) };
}
