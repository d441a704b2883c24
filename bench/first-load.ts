import { gzipSync } from "node:zlib";

export interface FirstLoadBytes {
  html: number;
  css: number;
  js: number;
}

/** Same-origin script and style URLs a prerendered page loads before it is interactive. */
export function firstLoadAssets(html: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) {
    if (match[1]) scripts.add(match[1]);
  }
  for (const match of html.matchAll(/<script[^>]*src="([^"]+)"/g))
    if (match[1]) scripts.add(match[1]);
  for (const match of html.matchAll(/import\s*(?:[^"']*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) {
    if (match[1]) scripts.add(match[1]);
  }
  const styles = new Set<string>();
  for (const match of html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g))
    if (match[1]) styles.add(match[1]);
  return { scripts: [...scripts], styles: [...styles] };
}

export function gzipSize(body: Uint8Array | string): number {
  return gzipSync(body, { level: 9 }).byteLength;
}

/** Gzip bytes of the HTML, CSS and JavaScript a page loads first, fetched from the server. */
export async function measureFirstLoad(origin: string, path: string): Promise<FirstLoadBytes> {
  const html = await (await fetch(new URL(path, origin))).text();
  const { scripts, styles } = firstLoadAssets(html);
  const sizeOf = async (urls: string[]) => {
    let total = 0;
    for (const url of urls) {
      const body = new Uint8Array(await (await fetch(new URL(url, origin))).arrayBuffer());
      total += gzipSize(body);
    }
    return total;
  };
  return { html: gzipSize(html), css: await sizeOf(styles), js: await sizeOf(scripts) };
}
