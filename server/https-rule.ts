import { BlockList, isIP } from "node:net";

/**
 * When is a response served over HTTPS? Only then may it carry `upgrade-insecure-requests`
 * and `Strict-Transport-Security`: over plain HTTP the first breaks the page in WebKit (and
 * in every engine on a LAN address), the second is meaningless.
 */
export interface HttpsRuleConfig {
  /** Proxy addresses or CIDR ranges (TRUST_PROXY); only these may claim HTTPS for a client. */
  trustProxy: readonly string[];
  /** The site's public origin (PUBLIC_ORIGIN); when it is https:, requests for its host are. */
  publicOrigin: string | null;
}

/** What the rule reads from one request. */
export interface RequestTransport {
  /** The connection itself is TLS (`socket.encrypted`). */
  encrypted: boolean;
  /** Address of the peer that opened the connection (the proxy, if there is one). */
  peerAddress: string | undefined;
  forwardedProto: string | readonly string[] | undefined;
  host: string | undefined;
}

/**
 * Compiles the rule once (the proxy list becomes a BlockList) and returns the per-request
 * predicate. HTTPS when any of:
 * - the request arrived over TLS;
 * - the peer is a trusted proxy and its `X-Forwarded-Proto` says `https` (the last entry: the
 *   one the trusted proxy itself wrote; an untrusted peer's header is ignored entirely);
 * - `PUBLIC_ORIGIN` is https: and the `Host` is that origin's host (the public name is only
 *   ever reached over HTTPS, whatever hop sits in front of this server).
 */
export function createHttpsRule(config: HttpsRuleConfig): (request: RequestTransport) => boolean {
  const proxies = compileProxies(config.trustProxy);
  const publicHosts = httpsHostsOf(config.publicOrigin);
  return (request) => {
    if (request.encrypted) return true;
    if (
      proxies !== null &&
      isTrusted(proxies, request.peerAddress) &&
      lastEntry(request.forwardedProto) === "https"
    ) {
      return true;
    }
    const host = request.host?.trim().toLowerCase();
    return host !== undefined && publicHosts.has(host);
  };
}

function compileProxies(entries: readonly string[]): BlockList | null {
  if (entries.length === 0) return null;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function isTrusted(proxies: BlockList, peer: string | undefined): boolean {
  if (peer === undefined) return false;
  // Dual-stack sockets report IPv4 peers as ::ffff:a.b.c.d; TRUST_PROXY lists them as IPv4.
  const address = peer.startsWith("::ffff:") && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
  const family = isIP(address);
  if (family === 0) return false;
  return proxies.check(address, family === 6 ? "ipv6" : "ipv4");
}

function lastEntry(value: string | readonly string[] | undefined): string | undefined {
  const joined = typeof value === "string" ? value : value?.join(",");
  return joined?.split(",").at(-1)?.trim().toLowerCase();
}

/** The Host values that name the public origin: with and without its explicit port. */
function httpsHostsOf(origin: string | null): ReadonlySet<string> {
  if (origin === null) return new Set();
  const url = new URL(origin);
  if (url.protocol !== "https:") return new Set();
  return new Set(url.port === "" ? [url.host, `${url.host}:443`] : [url.host]);
}
