/**
 * Postbuild rewrite that lets every prerendered page paint, and its largest element load,
 * before any JavaScript is fetched. React Router's `<Scripts />` emits modulepreload links
 * and an async inline module that imports the route modules and the client entry. On a
 * fast connection those arrive before the first paint and hydration runs ahead of it; on a
 * slow one they compete with the CSS, the font and the masthead image for bandwidth. The
 * page is complete HTML, so nothing needs JavaScript to be seen: the app now starts after
 * the window's `load` event and its first contentful paint.
 *
 * The inline module keeps its exact text (and so its CSP hash) but is parked under a `type`
 * the browser does not run. A small classic script, the same on every page (one more
 * hash), starts the app once the page has loaded and painted. It puts back the removed
 * modulepreload links, and one for the client entry, six to a task (PRELOADS_PER_TASK), so
 * that every script is requested at once as far as the connections allow: on a slow phone, a
 * task per request spread them over 100-150 ms, and the line sat idle while the largest
 * chunks waited their turn; one task for all of them was a long task. Then it imports the chunks
 * without awaiting one before the next, and the browser evaluates each as it arrives, in a
 * task of its own, where one module graph would have evaluated them all in a single long
 * task. Starting an import costs about a millisecond of main thread, so each starts in a
 * task of its own (a message-channel task: timers would be clamped). While the chunks
 * download, it lays out what the first render skipped (LAID_OUT_LATER), a section per task.
 * Then it re-inserts the parked module, whose imports are by now evaluated, and which sets
 * up the route modules and imports the client entry.
 */

import { PATCHES, PatchTargetChangedError } from "./patches.ts";

/** `type` of the parked inline module; not a JavaScript MIME type, so it never runs. */
export const PARKED_MODULE_TYPE = "text/x-deferred-module";
export const PARKED_MODULE_ID = "deferred-app-module";

/**
 * What the first render skips while it is off screen (`content-visibility: auto` in
 * global.css, decision record 0015), and the root attribute that lays it all out. The boot
 * script lays these out one per task while the app downloads, then sets the attribute, so
 * that no later jump, focus or scroll meets a section at its estimated height.
 */
export const LAID_OUT_LATER =
  "main > section:not(:first-child), main > .later-part > section, .legal-section, .site-footer";
export const WHOLE_PAGE_ATTRIBUTE = "data-whole-page";

/**
 * How many scripts the boot script asks for in one task. Appending a modulepreload link
 * costs about a millisecond of main thread (the browser starts its request there and then),
 * so all 11-14 of a page's in one task made a task of 9-13 ms in Lighthouse's traces, 60-90 ms
 * once multiplied by its CPU slowdown: over the 50 ms that counts as blocking (decision
 * record 0023). Six is what an HTTP/1.1 browser fetches from one host at once, so the scripts
 * of a later task would have waited for a connection anyway; over HTTP/2 they start one short
 * task later.
 */
export const PRELOADS_PER_TASK = 6;

/**
 * How often, and how long apart, the boot script asks again for a page's hydration data
 * that did not arrive (a phone between two cells). Until it arrives the app waits and the
 * page stays the prerendered HTML, whose links and forms work without it.
 */
export const HYDRATION_DATA_RETRIES = 2;
export const HYDRATION_DATA_RETRY_MS = 2000;

/**
 * Runs in the page. `document.currentScript` is read synchronously: it is null inside
 * callbacks. The start waits for the load event and for the first contentful paint's
 * timing entry, which the browser reports only once that frame is on screen; where paint
 * timing is missing, the task after the next animation frame stands in for it.
 */
export const BOOT_SCRIPT = `((boot) => {
  const loadHydrationData = (url, retries) => {
    fetch(url)
      .then((response) => (response.ok ? response.text() : Promise.reject(response.status)))
      .then(
        (data) => {
          const stream = window.__reactRouterContext.streamController;
          stream.enqueue(data);
          stream.close();
        },
        () => {
          if (retries > 0)
            setTimeout(() => loadHydrationData(url, retries - 1), ${HYDRATION_DATA_RETRY_MS});
        },
      );
  };
  const start = () => {
    if (boot.dataset.hydration) loadHydrationData(boot.dataset.hydration, ${HYDRATION_DATA_RETRIES});
    const chunks = JSON.parse(boot.dataset.chunks || "[]");
    const renderer = boot.dataset.renderer ? [boot.dataset.renderer] : [];
    const preloads = [...chunks, ...renderer, boot.dataset.entry];
    let preloaded = 0;
    const imports = [];
    const later = [...document.querySelectorAll("${LAID_OUT_LATER}")];
    let laidOut = 0;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (preloaded < preloads.length) {
        const batch = preloads.slice(preloaded, preloaded + ${PRELOADS_PER_TASK});
        preloaded += batch.length;
        for (const href of batch) {
          const link = document.createElement("link");
          link.rel = "modulepreload";
          link.href = href;
          document.head.append(link);
        }
      } else if (imports.length < chunks.length) {
        imports.push(import(chunks[imports.length]));
      } else if (laidOut < later.length) {
        const section = later[laidOut++];
        section.style.contentVisibility = "visible";
        void section.offsetHeight;
      } else {
        document.documentElement.setAttribute("${WHOLE_PAGE_ATTRIBUTE}", "");
        Promise.allSettled(imports).then(insertModule);
        return;
      }
      channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  };
  const insertModule = () => {
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

/**
 * Thrown when a page's scripts are not in the shape React Router's `<Scripts />` renders
 * (or, `dependency` "vite", when the built client entry is not shaped as expected).
 */
export class HydrationScriptError extends PatchTargetChangedError {
  constructor(problem: string, dependency: "react-router" | "vite" = "react-router") {
    const patch = PATCHES["defer-hydration"];
    super(dependency === patch.dependency ? patch : { ...patch, dependency }, problem);
    this.name = "HydrationScriptError";
  }
}

const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const APP_MODULE = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/m;

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
}

function unescapeAttribute(text: string): string {
  return text.replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

/**
 * The page with its modulepreload links removed and its app module parked behind the boot
 * script. `renderer` is the chunk the client entry imports once it has created the router
 * (`rendererOfEntry`): the boot script asks for it with the others but does not wait for
 * it before the app module. A page without an app module is returned unchanged when it was
 * already rewritten (so postbuild can run twice) or preloads no modules either (it has no
 * app to start); preloads without a module, or more than one module, are an error.
 */
export function deferHydration(html: string, renderer = ""): string {
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
  const chunks = preloads.filter((href) => href !== entry);
  const parked =
    `<script type="${PARKED_MODULE_TYPE}" id="${PARKED_MODULE_ID}">${moduleText}</script>` +
    `<script data-entry="${escapeAttribute(entry)}" data-renderer="${escapeAttribute(renderer)}" ` +
    `data-chunks="${escapeAttribute(JSON.stringify(chunks))}">${BOOT_SCRIPT}</script>`;
  return html.replace(MODULEPRELOAD, "").replace(APP_MODULE, () => parked);
}

const BOOT_ENTRY =
  /<script data-entry="([^"]+)" data-renderer="([^"]*)" data-chunks="([^"]*)"(?: data-hydration="([^"]*)")?>/;

/**
 * The scripts a rewritten page loads before its app starts: every chunk the boot script
 * imports, the renderer, then the client entry. Empty for a page without an app (no boot
 * script).
 */
export function bootScripts(html: string): string[] {
  const match = html.match(BOOT_ENTRY);
  if (!match) return [];
  const chunks = JSON.parse(unescapeAttribute(match[3] ?? "[]")) as string[];
  const renderer = unescapeAttribute(match[2] ?? "");
  return [...chunks, ...(renderer ? [renderer] : []), unescapeAttribute(match[1] ?? "")];
}

const DYNAMIC_IMPORT = /\bimport\(\s*[`'"]\.\/([\w.-]+\.js)[`'"]\s*\)/g;

/**
 * The renderer's URL, from the built client entry `entry` (its URL) and `code`: the one
 * chunk the entry imports dynamically (`import("react-dom/client")` in app/entry.client.tsx).
 * Anything else is an error, so that a bundler that stops making the renderer a chunk of its
 * own, or an entry that imports more, fails the build rather than a page's start.
 */
export function rendererOfEntry(entry: string, code: string): string {
  const imports = [...new Set([...code.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]))];
  if (imports.length !== 1) {
    throw new HydrationScriptError(
      `the client entry ${entry} imports ${imports.length} chunks dynamically, expected one (React DOM's renderer)`,
      "vite",
    );
  }
  return `${entry.slice(0, entry.lastIndexOf("/") + 1)}${imports[0]}`;
}

/** The client entry a page's app module imports, or null for a page without an app. */
export function entryOfPage(html: string): string | null {
  const moduleText = [...html.matchAll(APP_MODULE)][0]?.[1];
  return moduleText?.match(ENTRY_IMPORT)?.[1] ?? null;
}

const STREAM_ENQUEUE =
  /<script>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const STREAM_CLOSE =
  /<script>window\.__reactRouterContext\.streamController\.close\(\);<\/script>/g;

/** A write to the stream that the patterns above do not read (the boot script's is `stream.`). */
const UNKNOWN_STREAM_WRITE = /streamController\.(enqueue|close)\(/;

class UnknownStreamShapeError extends HydrationScriptError {
  constructor() {
    super("a script writes to the hydration stream in an unknown shape");
  }
}

/** A page without its hydration data, and the data (null when it had none to move). */
export interface MovedHydrationData {
  html: string;
  data: string | null;
}

/**
 * Takes React Router's hydration data (the turbo-stream of the page's loader data, which
 * `<Scripts />` writes into inline scripts at the end of the body) out of a rewritten page
 * and names, on the boot script, the URL it will be served at (`urlFor(data)`), from where
 * the boot script fetches it as the app starts. The data is the page's messages and image
 * URLs, 2.5-3.8 KB of brotli, which only the start reads; in the page it made the landing
 * and /xero documents a round trip longer than TCP's first window (decision record 0030).
 * A page without a stream (no app, or already rewritten) is returned unchanged; one whose
 * stream is not in the shape React Router writes, or that has no boot script, is an error.
 */
export function moveHydrationData(
  html: string,
  urlFor: (data: string) => string,
): MovedHydrationData {
  const boot = html.match(BOOT_ENTRY);
  const enqueued = [...html.matchAll(STREAM_ENQUEUE)];
  const closes = [...html.matchAll(STREAM_CLOSE)];
  if (enqueued.length + closes.length === 0) {
    if (UNKNOWN_STREAM_WRITE.test(html)) throw new UnknownStreamShapeError();
    return { html, data: null };
  }
  if (!boot || boot[4] !== undefined) {
    throw new HydrationScriptError(
      boot ? "hydration data left in a page that fetches it" : "hydration data without an app",
    );
  }
  const lastEnqueued = enqueued.at(-1);
  if (lastEnqueued === undefined || closes.length !== 1) {
    throw new HydrationScriptError(
      `the app's hydration stream has ${enqueued.length} parts and ${closes.length} ends, expected parts then one end`,
    );
  }
  if ((closes[0]?.index ?? 0) < (lastEnqueued.index ?? 0)) {
    throw new HydrationScriptError("the app's hydration stream ends before its last part");
  }
  // Each part is a JSON string literal (the pattern admits nothing else).
  const data = enqueued.map((match) => JSON.parse(match[1] ?? '""') as string).join("");
  const withoutStream = html.replace(STREAM_ENQUEUE, "").replace(STREAM_CLOSE, "");
  if (UNKNOWN_STREAM_WRITE.test(withoutStream)) throw new UnknownStreamShapeError();
  const bootTag = boot[0];
  const namedBoot = `${bootTag.slice(0, -1)} data-hydration="${escapeAttribute(urlFor(data))}">`;
  return { html: withoutStream.replace(bootTag, () => namedBoot), data };
}

/** The URL a rewritten page's boot script fetches its hydration data from, or null. */
export function hydrationDataOfPage(html: string): string | null {
  const url = html.match(BOOT_ENTRY)?.[4];
  return url === undefined ? null : unescapeAttribute(url);
}
