/**
 * Postbuild rewrite that lets every prerendered page paint, and its largest element load,
 * before any JavaScript is fetched. React Router's `<Scripts />` emits modulepreload links
 * and an async inline module that imports the route modules and the client entry. On a
 * fast connection those arrive before the first paint and hydration runs ahead of it; on a
 * slow one they compete with the CSS, the font and the masthead image for bandwidth. The
 * page is complete HTML, so nothing needs JavaScript to be seen: the app now starts after
 * the window's `load` event and its first contentful paint.
 *
 * The inline module is parked under a `type` the browser does not run, and a small classic
 * script (the same on every page, so one more CSP hash) re-inserts it as a module once the
 * page has loaded. What the removed modulepreload links fetched, the parked module now
 * imports statically, so the chunks still download in parallel; only the client entry,
 * which the module imports dynamically after setting up the route modules, gets a
 * modulepreload link from the boot script. (Inserting one link per chunk costs about a
 * millisecond each of main thread, a long task on a slow phone.)
 */

/** `type` of the parked inline module; not a JavaScript MIME type, so it never runs. */
export const PARKED_MODULE_TYPE = "text/x-deferred-module";
export const PARKED_MODULE_ID = "deferred-app-module";

/**
 * Runs in the page. `document.currentScript` is read synchronously: it is null inside
 * callbacks. The start waits for the load event and for the first contentful paint's
 * timing entry, which the browser reports only once that frame is on screen; where paint
 * timing is missing, the task after the next animation frame stands in for it.
 */
export const BOOT_SCRIPT = `((boot) => {
  const start = () => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = boot.dataset.entry;
    document.head.append(link);
    const parked = document.getElementById("${PARKED_MODULE_ID}");
    const module = document.createElement("script");
    module.type = "module";
    module.textContent = parked.textContent;
    parked.replaceWith(module);
  };
  const afterFirstPaint = () => {
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      requestAnimationFrame(() => setTimeout(start, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: "paint", buffered: true });
  };
  if (document.readyState === "complete") afterFirstPaint();
  else addEventListener("load", afterFirstPaint, { once: true });
})(document.currentScript);`;

/** Thrown when a page's scripts are not in the shape React Router renders. */
export class HydrationScriptError extends Error {}

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const APP_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const STATIC_IMPORT = /^import (?:\* as \w+ from )?"([^"]+)";$/gm;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/m;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

/**
 * The app module with a side-effect import of every preloaded chunk it does not import
 * yet, except the entry. Import declarations are hoisted, so appending them keeps the
 * original statements first and runs nothing earlier than the module graph already did.
 */
function importPreloads(moduleText: string, preloads: string[], entry: string): string {
  const imported = new Set([...moduleText.matchAll(STATIC_IMPORT)].map((match) => match[1]));
  const extra = preloads.filter((href) => href !== entry && !imported.has(href));
  return [moduleText, ...extra.map((href) => `import "${href}";`)].join("\n");
}

/**
 * The page with its modulepreload links removed and its app module parked behind the boot
 * script. A page without an app module is returned unchanged when it was already rewritten
 * (so postbuild can run twice) or preloads no modules either (it has no app to start);
 * preloads without a module, or more than one module, are an error.
 */
export function deferHydration(html: string): string {
  const modules = [...html.matchAll(APP_MODULE)];
  if (modules.length === 0) {
    const hasPreloads = html.search(MODULEPRELOAD) !== -1;
    if (html.includes(`id="${PARKED_MODULE_ID}"`) || !hasPreloads) return html;
    throw new HydrationScriptError("modules are preloaded but no React Router app module found");
  }
  if (modules.length > 1) {
    throw new HydrationScriptError(`${modules.length} app modules found, expected one`);
  }
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((match) => match[1] as string);
  const moduleText = modules[0]?.[1] ?? "";
  const entry = moduleText.match(ENTRY_IMPORT)?.[1];
  if (entry === undefined) throw new HydrationScriptError("the app module imports no entry");
  const parked =
    `<script type="${PARKED_MODULE_TYPE}" id="${PARKED_MODULE_ID}">` +
    `${importPreloads(moduleText, preloads, entry)}</script>` +
    `<script data-entry="${escapeAttribute(entry)}">${BOOT_SCRIPT}</script>`;
  return html.replace(MODULEPRELOAD, "").replace(APP_MODULE, () => parked);
}
