import { expect, test } from "vitest";
import { bootScripts, deferHydration } from "../scripts/defer-hydration.ts";
import { firstLoadAssets } from "./first-load.ts";

/** A page as React Router's `<Scripts />` renders it, before postbuild rewrites it. */
const PAGE =
  '<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-3.js"/>' +
  '<link rel="modulepreload" href="/assets/router-4.js"/>' +
  '<link rel="stylesheet" href="/assets/style-5.css"/></head><body><h1>Hi</h1>' +
  '<script type="module" async="">import "/assets/manifest-1.js";\n' +
  'import * as route0 from "/assets/router-4.js";\n' +
  'import("/assets/entry.client-3.js");</script></body></html>';

test("counts every script the boot script starts the page with, the renderer too", () => {
  const rewritten = deferHydration(PAGE, "/assets/react-dom-client.production-6.js");
  const { scripts, styles } = firstLoadAssets(rewritten);
  expect(new Set(scripts)).toEqual(new Set(bootScripts(rewritten)));
  expect(scripts).toContain("/assets/react-dom-client.production-6.js");
  expect(styles).toEqual(["/assets/style-5.css"]);
});
