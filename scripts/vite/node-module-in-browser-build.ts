import type { Plugin } from "vite";

/**
 * A plugin that hands one module below node_modules (`module`, by path), as the browser
 * build's `environments` load it, to `visit`, which checks it and may rewrite it (it returns
 * the new code, or null to leave it), throwing when the module no longer fits. The build then
 * fails with `neverLoaded()` when it never loaded the module at all: a patch must not quietly
 * stop applying because its target moved.
 */
export function nodeModuleInBrowserBuild(options: {
  name: string;
  module: string;
  environments: readonly string[];
  visit: (code: string) => string | null;
  neverLoaded: () => Error;
}): Plugin {
  const { name, module, environments, visit, neverLoaded } = options;
  let visited = false;
  return {
    name,
    enforce: "pre",
    buildStart() {
      visited = false;
    },
    transform(code, id) {
      if (!environments.includes(this.environment?.name ?? "")) return null;
      if (!id.replaceAll("\\", "/").endsWith(`node_modules/${module}`)) return null;
      const changed = visit(code);
      visited = true;
      return changed === null ? null : { code: changed, map: null };
    },
    buildEnd(error) {
      if (error || !environments.includes(this.environment?.name ?? "")) return;
      if (!visited) throw neverLoaded();
    },
  };
}
