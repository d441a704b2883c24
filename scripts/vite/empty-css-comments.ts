import type { Plugin } from "vite";

/**
 * What Vite writes where a chunk imported a stylesheet that went into the one stylesheet of
 * the build (`cssCodeSplit: false`): a comment, padded with spaces to the import's length so
 * that a source map's columns still fit.
 */
const EMPTY_CSS_COMMENT = /\/\* empty css {2,}\*\//g;

/** `code` without Vite's empty-CSS placeholders. */
export function withoutEmptyCssComments(code: string): string {
  return code.replace(EMPTY_CSS_COMMENT, "");
}

/**
 * Drops Vite's empty-CSS placeholders from the client chunks, unless the build writes source
 * maps (whose columns the padding keeps). The client entry and the root route carry one each,
 * about 50 bytes of gzip on every page's first load, which FIRST_LOAD_BUDGET counts.
 */
export function emptyCssCommentsRemoved(): Plugin {
  return {
    name: "empty-css-comments-removed",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle: {
      order: "post",
      handler(options, bundle) {
        if (options.sourcemap) return;
        for (const output of Object.values(bundle)) {
          if (output.type === "chunk") output.code = withoutEmptyCssComments(output.code);
        }
      },
    },
  };
}
