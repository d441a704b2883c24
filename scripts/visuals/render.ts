/**
 * Regenerates the landing visuals: product screenshots rendered from the HTML mock-ups by
 * Chromium, sized by sharp into 500/1000/1666 px AVIF, WebP and JPEG, and the try-it-free
 * clip (Chromium frames encoded by ffmpeg into MP4 and WebM, plus its poster).
 *
 *   npx node scripts/visuals/render.ts            # everything (needs ffmpeg for the clip)
 *   npx node scripts/visuals/render.ts screens    # screenshots only
 *
 * Outputs are committed under app/assets/, so neither the build nor the tests need Chromium
 * for this step, or ffmpeg at all.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import { budgetsScreen, SCREENS } from "./screens.ts";

const ROOT = join(import.meta.dirname, "../..");
const SCREENS_DIR = join(ROOT, "app/assets/screens");
const CLIP_DIR = join(ROOT, "app/assets/clip");

/** CSS size of a mock-up; screenshots are taken at 1.666x this (1666 x 1041). */
const VIEWPORT = { width: 1000, height: 625 };
const SCALE = 1.666;
/**
 * Widths per screen: the masthead image needs all three (it spans half of a 1666 px wide
 * 2x screen); the others never show wider than about 560 CSS px, so 1000 px covers 2x.
 */
const MASTHEAD_WIDTHS = [500, 1000, 1666];
const SECTION_WIDTHS = [500, 1000];

const CLIP_FPS = 12;
const CLIP_SECONDS = 6;
const CLIP_WIDTH_PX = 640;

const fontFace = `@font-face{font-family:"Inter Variable";font-weight:100 900;src:url(data:font/woff2;base64,${readFileSync(
  join(ROOT, "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2"),
).toString("base64")}) format("woff2")}`;

async function show(page: Page, html: string): Promise<void> {
  await page.setContent(html.replace("<style>", `<style>${fontFace}`), { waitUntil: "load" });
  await page.evaluate(() => document.fonts.ready);
}

/**
 * AVIF and WebP at every width; the JPEG fallback (for browsers without either) at every
 * width for the masthead and only at the largest width elsewhere, to keep the repository small.
 */
async function writeSizes(name: string, png: Buffer): Promise<void> {
  const widths = name === "budgets" ? MASTHEAD_WIDTHS : SECTION_WIDTHS;
  const largest = widths.at(-1);
  for (const width of widths) {
    const resized = sharp(png).resize({ width });
    await resized
      .clone()
      // 4:2:0 chroma: colour detail halved, which flat UI colours do not show, for a fifth
      // fewer bytes in the largest paint of the landing pages.
      .avif({ quality: 52, effort: 9, chromaSubsampling: "4:2:0" })
      .toFile(join(SCREENS_DIR, `${name}-${width}.avif`));
    await resized
      .clone()
      .webp({ quality: 78, effort: 6 })
      .toFile(join(SCREENS_DIR, `${name}-${width}.webp`));
    if (name !== "budgets" && width !== largest) continue;
    await resized
      .clone()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 72, mozjpeg: true })
      .toFile(join(SCREENS_DIR, `${name}-${width}.jpg`));
  }
}

async function renderScreens(page: Page): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  for (const [name, screen] of Object.entries(SCREENS)) {
    await show(page, screen());
    await writeSizes(name, await page.screenshot({ type: "png" }));
    console.log(`screen ${name}`);
  }
}

/** Ease-in-out so the numbers settle rather than stop. */
function ease(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
}

async function renderClip(page: Page): Promise<void> {
  mkdirSync(CLIP_DIR, { recursive: true });
  const frames = mkdtempSync(join(tmpdir(), "beyond-clip-"));
  const total = CLIP_FPS * CLIP_SECONDS;
  try {
    for (let frame = 0; frame < total; frame += 1) {
      const seconds = frame / CLIP_FPS;
      // 0–0.8 s empty, 0.8–4.2 s syncing, then the finished table holds until the loop.
      const progress = ease((seconds - 0.8) / 3.4);
      const banner =
        seconds < 0.8
          ? "Connecting to Xero…"
          : progress < 1
            ? `Syncing actuals from Xero… ${Math.round(progress * 1284).toLocaleString("en-GB")}`
            : undefined;
      await show(page, budgetsScreen(progress, banner));
      await page.screenshot({ path: join(frames, `f${String(frame).padStart(4, "0")}.png`) });
    }
    const input = [
      "-y",
      "-loglevel",
      "error",
      "-framerate",
      String(CLIP_FPS),
      "-i",
      join(frames, "f%04d.png"),
    ];
    const scale = `scale=${CLIP_WIDTH_PX}:-2:flags=lanczos`;
    execFileSync("ffmpeg", [
      ...input,
      "-vf",
      `${scale},format=yuv420p`,
      "-c:v",
      "libx264",
      "-preset",
      "veryslow",
      "-crf",
      "30",
      "-tune",
      "animation",
      "-movflags",
      "+faststart",
      "-an",
      join(CLIP_DIR, "try-it-free.mp4"),
    ]);
    execFileSync("ffmpeg", [
      ...input,
      "-vf",
      scale,
      "-c:v",
      "libvpx-vp9",
      "-b:v",
      "0",
      "-crf",
      "42",
      "-row-mt",
      "1",
      "-an",
      join(CLIP_DIR, "try-it-free.webm"),
    ]);
    // The poster is the finished table, so a paused clip (reduced motion) still shows the result.
    await sharp(join(frames, `f${String(total - 1).padStart(4, "0")}.png`))
      .resize({ width: CLIP_WIDTH_PX })
      .webp({ quality: 72 })
      .toFile(join(CLIP_DIR, "try-it-free-poster.webp"));
    for (const file of ["try-it-free.mp4", "try-it-free.webm", "try-it-free-poster.webp"]) {
      console.log(`clip ${file}: ${(statSync(join(CLIP_DIR, file)).size / 1024).toFixed(1)} KB`);
    }
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}

const only = process.argv[2];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: SCALE });
  if (!only || only === "screens") await renderScreens(page);
  if (!only || only === "clip") {
    const clipPage = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    await renderClip(clipPage);
  }
} finally {
  await browser.close();
}
