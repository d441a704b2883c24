export type EnvironmentLabel = "Localhost" | "Staging" | "Demo" | "Live";

/**
 * SPEC §1: the environment label derives from the hostname. Loopback names and addresses
 * are Localhost; a `staging` or `demo` label anywhere in the name wins next; anything else
 * is Live.
 */
export function environmentFromHostname(hostname: string): EnvironmentLabel {
  const host = hostname.trim().toLowerCase().replace(/\.$/, "");
  if (
    host === "" ||
    host.includes("localhost") ||
    host === "::1" ||
    host === "[::1]" ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === "0.0.0.0"
  ) {
    return "Localhost";
  }
  const labels = host.split(".");
  if (labels.some((label) => label === "staging" || label.startsWith("staging-"))) return "Staging";
  if (labels.some((label) => label === "demo" || label.startsWith("demo-"))) return "Demo";
  return "Live";
}
