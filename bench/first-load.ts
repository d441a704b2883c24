import { gzipSync } from "node:zlib";

export interface FirstLoadBytes {
  html: number;
  css: number;
  js: number;
}

/**
 * Same-origin script and style URLs a prerendered page names itself: preloads, script
 * sources, the imports of its inline (or parked) app module, including the dynamic import
 * of the client entry, and the entry and React DOM's renderer the boot script preloads.
 */
export function firstLoadAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const patterns = [
    /<link rel="modulepreload" href="([^"]+)"/g,
    /<script[^>]*\ssrc="([^"]+)"/g,
    /<script[^>]*\sdata-entry="([^"]+)"/g,
    // React DOM's renderer, which the client entry imports dynamically (decision record 22).
    /<script[^>]*\sdata-renderer="([^"]+)"/g,
    /import\s*\(?\s*(?:[^"'()]*from\s*)?["'](\/assets\/[^"']+\.js)["']/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) if (match[1]) scripts.add(match[1]);
  }
  const styles = new Set<string>();
  for (const match of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g))
    if (match[1]) styles.add(match[1]);
  return { scripts: [...scripts], styles: [...styles] };
}

/** Static imports of a built chunk (`import"./x.js"`, `from"./x.js"`), not `import()`. */
export function staticImports(chunk: string, chunkUrl: string): string[] {
  const found = chunk.matchAll(/(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+\.js)["']/g);
  return [...found].map((match) => new URL(match[1] as string, `http://x${chunkUrl}`).pathname);
}

export function gzipSize(body: Uint8Array | string): number {
  return gzipSync(body, { level: 9 }).byteLength;
}

/**
 * Gzip bytes of the HTML, CSS and JavaScript a page loads first, fetched from the server:
 * the scripts the page names and, transitively, every chunk they import statically.
 */
export async function measureFirstLoad(origin: string, path: string): Promise<FirstLoadBytes> {
  const html = await (await fetch(new URL(path, origin))).text();
  const { scripts, styles } = firstLoadAssets(html);
  const fetchBytes = async (url: string) =>
    new Uint8Array(await (await fetch(new URL(url, origin))).arrayBuffer());
  let css = 0;
  for (const url of styles) css += gzipSize(await fetchBytes(url));
  let js = 0;
  const seen = new Set(scripts);
  const queue = [...scripts];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    const body = await fetchBytes(url);
    js += gzipSize(body);
    for (const imported of staticImports(new TextDecoder().decode(body), url)) {
      if (!seen.has(imported)) {
        seen.add(imported);
        queue.push(imported);
      }
    }
  }
  return { html: gzipSize(html), css, js };
}
