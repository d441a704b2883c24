/**
 * Regenerates the landing visuals: the product screens, rendered from the HTML mock-ups by
 * Chromium once per locale (words from app/locales/<locale>/mockups.json) and sized by sharp
 * into AVIF, WebP and JPEG; each screen's phone image; the video poster; and the try-it-free
 * clip in every locale (Chromium frames encoded by ffmpeg into MP4 and WebM, plus its poster).
 *
 *   npx node scripts/visuals/render.ts            # everything (needs ffmpeg for the clip)
 *   npx node scripts/visuals/render.ts screens    # whole screens and posters
 *   npx node scripts/visuals/render.ts crops      # phone images
 *   npx node scripts/visuals/render.ts clip       # the clip
 *   npx node scripts/visuals/render.ts crops de   # one part in one locale
 *
 * Outputs are committed under app/assets/, so neither the build nor the tests need Chromium
 * for this step, or ffmpeg at all. docs/visuals.md describes the pipeline.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  clipFileNames,
  PHONE_SIZES,
  POSTER_SIZE,
  phoneCropName,
  SCREEN_SIZE,
  type ScreenName,
} from "../../app/lib/landing/screen-images.ts";
import { LOCALES, type Locale } from "../../app/lib/locale.ts";
import {
  encodeWithinBudget,
  PHONE_AVIF_BUDGET_BYTES,
  PHONE_AVIF_QUALITIES,
} from "./image-budget.ts";
import { mockupText } from "./mockup-text.ts";
import { budgetsScreen, SCREENS } from "./screens.ts";

const ROOT = join(import.meta.dirname, "../..");
const SCREENS_DIR = join(ROOT, "app/assets/screens");
const CLIP_DIR = join(ROOT, "app/assets/clip");

/** Screenshots of a whole mock-up are taken at 1.666x its CSS size (1666 x 1041). */
const SCALE = 1.666;
/** Phone images are taken at 2x, and written at 1x and 2x of their CSS width (380 / 760 px). */
const CROP_SCALE = 2;
/** The poster: 1280 px wide for the 960 px video frame, 640 px for phones. */
const POSTER_WIDTHS = [640, 1280];
const POSTER_SCREEN: ScreenName = "forecast";
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

/** AVIF settings for the whole screens and the poster. */
const SCREEN_AVIF = {
  quality: 52,
  // 4:2:0 chroma: colour detail halved, which flat UI colours do not show, for a fifth
  // fewer bytes in the largest paint of the landing pages.
  chromaSubsampling: "4:2:0",
  // Effort 4: a few per cent more bytes than effort 9 in a fraction of its time, which
  // matters at about 200 images across four locales.
  effort: 4,
} as const;

/** Phone images: effort 9, and the best quality that fits their byte budget. */
const PHONE_AVIF = { ...SCREEN_AVIF, effort: 9 } as const;

/**
 * AVIF and WebP at every width; the JPEG fallback (for browsers without either) at every
 * width for the masthead and only at the largest width elsewhere, to keep the repository small.
 */
async function writeSizes(
  dir: string,
  name: string,
  png: Buffer,
  widths: readonly number[],
  jpegAtEveryWidth: boolean,
  phone = false,
): Promise<void> {
  const largest = widths.at(-1);
  for (const width of widths) {
    const resized = sharp(png).resize({ width });
    const avif = phone
      ? await encodeWithinBudget(
          (quality) =>
            resized
              .clone()
              .avif({ ...PHONE_AVIF, quality })
              .toBuffer(),
          PHONE_AVIF_BUDGET_BYTES,
          PHONE_AVIF_QUALITIES,
        )
      : { image: await resized.clone().avif(SCREEN_AVIF).toBuffer() };
    writeFileSync(join(dir, `${name}-${width}.avif`), avif.image);
    if ("quality" in avif) console.log(`${name}-${width}.avif: quality ${avif.quality}`);
    await resized
      .clone()
      .webp({ quality: 78, effort: 4 })
      .toFile(join(dir, `${name}-${width}.webp`));
    if (!jpegAtEveryWidth && width !== largest) continue;
    await resized
      .clone()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 72, mozjpeg: true })
      .toFile(join(dir, `${name}-${width}.jpg`));
  }
}

/**
 * Every screen in every locale, into app/assets/screens/<locale>/<screen>-<locale>-<width>.*:
 * the locale is in the file name so that it survives into the hashed URL.
 */
async function renderScreens(page: Page, poster: Page): Promise<void> {
  for (const locale of onlyLocales) {
    const tx = mockupText(locale);
    const dir = join(SCREENS_DIR, locale);
    mkdirSync(dir, { recursive: true });
    for (const [name, screen] of Object.entries(SCREENS)) {
      await show(page, screen(tx));
      const isMasthead = name === "budgets";
      await writeSizes(
        dir,
        `${name}-${locale}`,
        await page.screenshot({ type: "png" }),
        isMasthead ? MASTHEAD_WIDTHS : SECTION_WIDTHS,
        isMasthead,
      );
      console.log(`screen ${locale} ${name}`);
    }
    // The video's poster: a whole screen at the frame's 16:9, so nothing is cut off.
    await show(poster, SCREENS[POSTER_SCREEN](tx));
    await writeSizes(
      dir,
      `poster-${locale}`,
      await poster.screenshot({ type: "png" }),
      POSTER_WIDTHS,
      false,
    );
    console.log(`poster ${locale}`);
  }
}

/**
 * Every screen's phone image in every locale, at 1x and 2x of its CSS width: the screen laid
 * out in its phone size with the `phone` class (app-chrome.ts), so the part that matters
 * fills the image at a size a phone can read.
 */
async function renderCrops(page: Page): Promise<void> {
  for (const locale of onlyLocales) {
    const tx = mockupText(locale);
    const dir = join(SCREENS_DIR, locale);
    mkdirSync(dir, { recursive: true });
    for (const [name, screen] of Object.entries(SCREENS)) {
      const size = PHONE_SIZES[name as ScreenName];
      await page.setViewportSize(size);
      await show(page, screen(tx).replace("<body>", '<body class="phone">'));
      await writeSizes(
        dir,
        `${phoneCropName(name as ScreenName)}-${locale}`,
        await page.screenshot({ type: "png" }),
        [size.width, size.width * CROP_SCALE],
        false,
        true,
      );
      console.log(`phone image ${locale} ${name}`);
    }
  }
}

/** Ease-in-out so the numbers settle rather than stop. */
function ease(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 2 * x * x : 1 - (-2 * x + 2) ** 2 / 2;
}

async function renderClip(page: Page, locale: Locale): Promise<void> {
  mkdirSync(CLIP_DIR, { recursive: true });
  const tx = mockupText(locale);
  const files = clipFileNames(locale);
  const frames = mkdtempSync(join(tmpdir(), "beyond-clip-"));
  const total = CLIP_FPS * CLIP_SECONDS;
  try {
    for (let frame = 0; frame < total; frame += 1) {
      const seconds = frame / CLIP_FPS;
      // 0–0.8 s empty, 0.8–4.2 s syncing, then the finished table holds until the loop.
      const progress = ease((seconds - 0.8) / 3.4);
      const banner =
        seconds < 0.8
          ? tx.t("budgets.connecting")
          : progress < 1
            ? tx.t("budgets.syncing", { count: tx.number(Math.round(progress * 1284)) })
            : undefined;
      await show(page, budgetsScreen(tx, progress, banner));
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
      join(CLIP_DIR, files.mp4),
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
      join(CLIP_DIR, files.webm),
    ]);
    // The poster is the finished table, so a paused clip (reduced motion) still shows the result.
    await sharp(join(frames, `f${String(total - 1).padStart(4, "0")}.png`))
      .resize({ width: CLIP_WIDTH_PX })
      .webp({ quality: 72 })
      .toFile(join(CLIP_DIR, files.poster));
    for (const file of Object.values(files)) {
      console.log(`clip ${file}: ${(statSync(join(CLIP_DIR, file)).size / 1024).toFixed(1)} KB`);
    }
  } finally {
    rmSync(frames, { recursive: true, force: true });
  }
}

const only = process.argv[2];
/** An optional second argument renders one locale only: `render.ts screens de`. */
const onlyLocales = LOCALES.filter((locale) => !process.argv[3] || locale === process.argv[3]);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  if (!only || only === "screens") {
    await renderScreens(
      await browser.newPage({ viewport: SCREEN_SIZE, deviceScaleFactor: SCALE }),
      await browser.newPage({
        viewport: POSTER_SIZE,
        deviceScaleFactor: (POSTER_WIDTHS.at(-1) ?? 1280) / POSTER_SIZE.width,
      }),
    );
  }
  if (!only || only === "crops") {
    await renderCrops(
      await browser.newPage({ viewport: SCREEN_SIZE, deviceScaleFactor: CROP_SCALE }),
    );
  }
  if (!only || only === "clip") {
    const clipPage = await browser.newPage({ viewport: SCREEN_SIZE, deviceScaleFactor: 1 });
    for (const locale of onlyLocales) await renderClip(clipPage, locale);
  }
} finally {
  await browser.close();
}
