import type { Plugin } from "vite";

/**
 * The shell chunk (vite.config.ts): the code every page's layout needs, loaded by every page
 * before it starts. Candidates are the app's shared code, FormatJS and Vite's helper for
 * dynamic imports (the layout's own lazy import needs it; in a group of its own it took a
 * request of its own, and the landing group took it in with the landing pages' lazy parts);
 * a candidate goes to the shell only when two or more chunks share it (`minShareCount`).
 */
const SHELL_CANDIDATE =
  /[\\/]app[\\/](lib|hooks|browser|content|components[\\/](layout|consent|i18n|ui))[\\/]|node_modules[\\/](intl-messageformat|@formatjs)[\\/]|^\0vite[\\/]preload-helper\.js$/;

/**
 * The landing pages' family (/, /xero, /features and their sections that come after the
 * start): their content, components and hooks, which the `landing` chunk group holds
 * (vite.config.ts) and the shell must leave to it.
 */
export const LANDING_FAMILY =
  /[\\/]app[\\/](content[\\/]landing|components[\\/]landing|lib[\\/]landing|hooks[\\/](use-section-hash|use-in-view|use-screen-images))[\\/.]/;

/**
 * Shared code that only one family of pages uses (the landing family above, the integration
 * guide's diagram, the legal texts, the FAQs' structured data, the referral forms), or only
 * chunks loaded after the start (the analytics setup). Two
 * chunks share it, which alone would put it in the shell, on every page's first load; left
 * out, the bundler puts it in a chunk of its own for the chunks that need it.
 */
const NOT_FOR_EVERY_PAGE =
  /[\\/]app[\\/](content[\\/]legal|lib[\\/](integration|legal|referrals|environment|analytics[\\/]analytics-setup|faqs[\\/](plain-text|structured-data))|hooks[\\/]use-prefers-reduced-motion|browser[\\/](popup|section-hash|chat)|components[\\/]ui[\\/]field)[\\/.]/;

/** Whether a module may go to the shell chunk (the group's `test`). */
export function isShellCandidate(id: string): boolean {
  return SHELL_CANDIDATE.test(id) && !LANDING_FAMILY.test(id) && !NOT_FOR_EVERY_PAGE.test(id);
}

/** The route modules of the layout every page renders. */
const LAYOUT_ROUTES = [/[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]routes[\\/]locale-layout\.tsx$/];

/** The page route modules: every route module but the layout's. */
const PAGE_ROUTE = /[\\/]app[\\/]routes[\\/](?!locale-layout\.)[\w-]+\.tsx$/;

/**
 * Which modules may sit in the shell: what the layout imports, directly or through other
 * modules, and what at least half of the pages import. Code of fewer pages costs every
 * other page its bytes; code of more would cost those pages a request of its own, worth
 * more than its few hundred bytes.
 */
export function shellWorthy(
  importedIds: (id: string) => readonly string[],
  layoutRoutes: readonly string[],
  pageRoutes: readonly string[],
): Set<string> {
  const reach = (from: string) => {
    const seen = new Set<string>();
    const queue = [from];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...importedIds(id));
    }
    return seen;
  };
  const worthy = new Set(layoutRoutes.flatMap((route) => [...reach(route)]));
  const pagesUsing = new Map<string, number>();
  for (const page of pageRoutes) {
    for (const id of reach(page)) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
  }
  for (const [id, pages] of pagesUsing) if (pages * 2 >= pageRoutes.length) worthy.add(id);
  return worthy;
}

/**
 * Fails the build when the shell chunk holds a module that is not `shellWorthy`:
 * page-specific code that every page would load before it starts. The fix is naming it in
 * NOT_FOR_EVERY_PAGE.
 */
export function shellChunkGuard(): Plugin {
  return {
    name: "shell-chunk-guard",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const ids = [...this.getModuleIds()];
      const layoutRoutes = ids.filter((id) => LAYOUT_ROUTES.some((route) => route.test(id)));
      if (layoutRoutes.length !== LAYOUT_ROUTES.length) {
        this.error(`shell-chunk-guard: found ${layoutRoutes.length} of the layout's route modules`);
      }
      const worthy = shellWorthy(
        (id) => this.getModuleInfo(id)?.importedIds ?? [],
        layoutRoutes,
        ids.filter((id) => PAGE_ROUTE.test(id)),
      );
      const shell = Object.values(bundle).find(
        (output) => output.type === "chunk" && output.name === "shell",
      );
      if (shell?.type !== "chunk") this.error("shell-chunk-guard: the build has no shell chunk");
      const strays = shell.moduleIds.filter((id) => !worthy.has(id));
      if (strays.length > 0) {
        this.error(
          `The shell chunk, on every page's first load, holds modules that fewer than half of the pages import (name them in NOT_FOR_EVERY_PAGE, scripts/vite/shell-chunk.ts):\n  ${strays.join("\n  ")}`,
        );
      }
    },
  };
}
