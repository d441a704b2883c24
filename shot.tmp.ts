import { chromium } from "@playwright/test";
import { storeConsent } from "./tests/e2e/support/third-party.ts";
const [pathsArg, widthsArg, localesArg] = process.argv.slice(2);
const paths = (pathsArg ?? "/").split(",");
const widths = (widthsArg ?? "375,1440").split(",").map(Number);
const locales = (localesArg ?? "en,de,es,fr").split(",");
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const w of widths) {
  const context = await browser.newContext({ viewport: { width: w, height: w < 800 ? 740 : 900 }, reducedMotion: "reduce" });
  await storeConsent(context, "http://localhost:4394", { analytics: false, marketing: false });
  const page = await context.newPage();
  for (const l of locales) for (const p of paths) {
    const url = `http://localhost:4394${l === "en" ? "" : "/" + l}${p === "/" && l !== "en" ? "" : p}`;
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(400);
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    const name = `${l}${p.replace(/\//g, "_")}-${w}`;
    await page.screenshot({ path: `/work/scratch/shots/${name}.png`, fullPage: true });
    console.log(name, "scrollWidth", sw);
  }
  await context.close();
}
await browser.close();
