import { createHash } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import { listenLocally } from "./local-server.ts";

/**
 * The first script of every page the engines load: it records uncaught errors, unhandled
 * rejections and CSP violations from the very start of the document. Puppeteer could add it
 * in Firefox, but WebKitWebDriver (classic W3C WebDriver) has no way to run a script before a
 * page's own, so both engines get it the same way: this proxy puts it at the top of <head> and
 * adds its hash, and nothing else, to the page's CSP.
 */
export const PROBE_SCRIPT =
  "window.__engineProbe={errors:[],violations:[]};" +
  'addEventListener("error",function(e){__engineProbe.errors.push(String(e.message||e.error))});' +
  'addEventListener("unhandledrejection",function(e){__engineProbe.errors.push("unhandled rejection: "+String(e.reason))});' +
  'addEventListener("securitypolicyviolation",function(e){__engineProbe.violations.push(e.violatedDirective+" "+e.blockedURI)});';

const PROBE_HASH = `'sha256-${createHash("sha256").update(PROBE_SCRIPT).digest("base64")}'`;

/** Adds the probe's hash to `script-src`, leaving every other source and directive as sent. */
export function allowProbe(policy: string): string {
  return policy.replace(/(^|;\s*)script-src /, `$1script-src ${PROBE_HASH} `);
}

/** Puts the probe right after `<head>`, before any of the page's own scripts. */
export function injectProbe(html: string): string {
  return html.replace(/<head>/i, `<head><script>${PROBE_SCRIPT}</script>`);
}

/** A speed report as the browser sent it (`POST /api/vitals`, decision record 29). */
export interface Beacon {
  contentType: string;
  body: string;
  /** Whose beacon: both engines run side by side through this one proxy. */
  userAgent: string;
  /** The server's answer (204 when it counted the report). */
  status: number;
}

export interface ProbeProxy {
  origin: string;
  /** Every speed report that passed through and was answered, in the order of the answers. */
  beacons: Beacon[];
  close(): Promise<void>;
}

/**
 * Forwards every request to `upstream` unchanged but for two things: HTML gets the probe,
 * and conditional headers are dropped so that a 304 never pairs a cached probed page with a
 * policy that lacks the probe's hash. `Host` passes through, so the server sees the proxy's
 * origin as its own (form posts stay same-origin). Speed reports are recorded on the way, so
 * that a test can read what each engine measured.
 */
export async function startProbeProxy(upstream: URL, port: number): Promise<ProbeProxy> {
  const beacons: Beacon[] = [];
  const server = createServer((incoming, outgoing) => {
    const isBeacon = incoming.method === "POST" && incoming.url === "/api/vitals";
    const beaconChunks: Buffer[] = [];
    if (isBeacon) incoming.on("data", (chunk: Buffer) => beaconChunks.push(chunk));
    const headers = { ...incoming.headers };
    delete headers["accept-encoding"];
    delete headers["if-none-match"];
    delete headers["if-modified-since"];
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer: IncomingMessage) => {
        if (isBeacon) {
          beacons.push({
            contentType: String(incoming.headers["content-type"] ?? ""),
            body: Buffer.concat(beaconChunks).toString("utf8"),
            userAgent: String(incoming.headers["user-agent"] ?? ""),
            status: answer.statusCode ?? 0,
          });
        }
        const answerHeaders = { ...answer.headers };
        const policy = answerHeaders["content-security-policy"];
        if (typeof policy === "string")
          answerHeaders["content-security-policy"] = allowProbe(policy);
        const isHtml = String(answerHeaders["content-type"] ?? "").startsWith("text/html");
        if (!isHtml || incoming.method === "HEAD") {
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.from(injectProbe(Buffer.concat(chunks).toString("utf8")));
          answerHeaders["content-length"] = String(body.length);
          delete answerHeaders.etag;
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          outgoing.end(body);
        });
      },
    );
    forward.on("error", (error) => {
      outgoing.writeHead(502, { "content-type": "text/plain" });
      outgoing.end(`probe proxy: ${error.message}`);
    });
    incoming.pipe(forward);
  });
  const local = await listenLocally(server, port);
  return { origin: local.origin, beacons, close: local.close };
}
