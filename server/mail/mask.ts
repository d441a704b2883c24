/**
 * An address as logs may show it (SEC-8): the first character of the local part and the
 * domain, e.g. `b***@example.com`. Enough to tell recipients apart while troubleshooting,
 * not enough to read the address.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
