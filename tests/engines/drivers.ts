import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import puppeteer, { type Browser, type Page, TimeoutError } from "puppeteer-core";
import {
  Builder,
  error as driverErrors,
  Key,
  type WebDriver,
  type WebElement,
} from "selenium-webdriver";
import { inPage, type PageState, type Target } from "./in-page.ts";

/** Phone width; WebKitGTK's MiniBrowser will not go below 447 px, so checks use innerWidth. */
export const PHONE = { width: 375, height: 740 };

/** One browser window, driven the same way in both engines. */
export interface Session {
  goto(path: string): Promise<void>;
  state(): Promise<PageState>;
  visible(target: Target): Promise<boolean>;
  bodyText(): Promise<string>;
  /** Whether the page has loaded a resource whose URL contains `fragment`. */
  loaded(fragment: string): Promise<boolean>;
  /** The current value of a form field, or null when there is no such visible field. */
  value(target: Target): Promise<string | null>;
  click(target: Target): Promise<void>;
  /** Replaces the field's value by typing, as a visitor would. */
  fill(target: Target, text: string): Promise<void>;
  press(key: "Escape" | "ArrowDown"): Promise<void>;
  /** Opens the dialog a `commandfor` button names, as the platform would (a stand-in). */
  invoke(target: Target): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  /** A fresh window with no cookies or storage; `javaScript: false` switches page scripts off. */
  open(options?: { javaScript?: boolean }): Promise<Session>;
  quit(): Promise<void>;
}

export class MissingBrowserError extends Error {
  override name = "MissingBrowserError";
}

/** Polls `check` until it returns something other than false/null/undefined. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | false | null | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await check();
      if (value !== false && value !== null && value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * How long one page may take to load, and one script (a read of the page, a click) to
 * answer. WebDriver's defaults are 300 s and 30 s: a WebKitGTK navigation that never finished
 * loading once held CI for 301 s before anything said which page it was. A page of the site
 * loads here in well under 10 s even on a loaded host.
 */
export const PAGE_LOAD_TIMEOUT_MS = 20_000;
export const SCRIPT_TIMEOUT_MS = 10_000;
/** Beyond the driver's own cap: in case the driver itself never answers. */
const DRIVER_GRACE_MS = 5_000;

/** A step of a journey that did not finish in time, named by engine, page and step. */
export class EngineTimeoutError extends Error {
  override name = "EngineTimeoutError";
}

/** Where a step ran: the engine's name (with its version once known) and the page. */
export interface StepPlace {
  engine: () => string;
  page: () => string;
}

/**
 * Runs one step of a session, bounded: it fails with an EngineTimeoutError that names the
 * engine, the page and the step once `ms` have passed, whether the driver gave up itself
 * (`isDriverTimeout`) or never answered (the promise is then left to settle on its own).
 */
export async function bounded<T>(
  place: StepPlace,
  step: string,
  ms: number,
  run: () => Promise<T>,
  isDriverTimeout: (error: unknown) => boolean = () => false,
): Promise<T> {
  const fail = (cause?: unknown) =>
    new EngineTimeoutError(
      `${place.engine()}: ${step} on ${place.page()} did not finish within ${ms / 1000} s`,
      { cause },
    );
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(fail()), ms + DRIVER_GRACE_MS);
  });
  try {
    return await Promise.race([run(), expired]);
  } catch (error) {
    if (error instanceof EngineTimeoutError || !isDriverTimeout(error)) throw error;
    throw fail(error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a step that can safely run twice (loading a page, reading it) once more when it timed
 * out, as the harness does when a browser is slow to open: one stall of a loaded host must
 * not fail a journey, and two in a row fail it with both attempts said.
 */
export async function retryOnce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (first) {
    if (!(first instanceof EngineTimeoutError)) throw first;
    try {
      return await run();
    } catch (second) {
      if (!(second instanceof EngineTimeoutError)) throw second;
      throw new EngineTimeoutError(`${second.message}, tried twice`, { cause: first });
    }
  }
}

// ---------------------------------------------------------------------------------------
// Firefox ESR over WebDriver BiDi (Puppeteer)

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";

export async function launchFirefox(origin: string): Promise<Engine> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new MissingBrowserError(
      `Firefox ESR not found at ${FIREFOX_PATH}: install Debian's firefox-esr (.ci/run does) or set FIREFOX_PATH`,
    );
  }
  const launch = (javaScript: boolean) =>
    puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX_PATH,
      headless: true,
      // Puppeteer waits on the BiDi socket; a loaded host can take a while to start Firefox.
      timeout: 60_000,
      protocolTimeout: 60_000,
      extraPrefsFirefox: {
        // Phones draw scrollbars over the content; classic ones would narrow the layout.
        "ui.useOverlayScrollbars": 1,
        // Firefox's BiDi has no per-page switch for scripts (emulation.setScriptingEnabled
        // is unknown to ESR 153), so a visitor without JavaScript gets a browser of their own.
        ...(javaScript ? {} : { "javascript.enabled": false }),
      },
    });
  const browser: Browser = await launch(true);
  let withoutScripts: Browser | null = null;
  const engine: Engine = {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//, "")}`,
    async open({ javaScript = true } = {}) {
      if (!javaScript) withoutScripts ??= await launch(false);
      const context = await (javaScript
        ? browser
        : (withoutScripts as Browser)
      ).createBrowserContext();
      const page = await context.newPage();
      page.setDefaultNavigationTimeout(PAGE_LOAD_TIMEOUT_MS);
      page.setDefaultTimeout(SCRIPT_TIMEOUT_MS);
      await page.setViewport(PHONE);
      return firefoxSession(
        page,
        origin,
        () => engine.name,
        () => context.close(),
      );
    },
    async quit() {
      await withoutScripts?.close();
      await browser.close();
    },
  };
  return engine;
}

/** How a step names its target in a timeout's message. */
function describeTarget(target: Target): string {
  const name = typeof target.name === "string" ? target.name : `*${target.name.includes}*`;
  return `${target.role} "${name}"`;
}

function firefoxSession(
  page: Page,
  origin: string,
  engineName: () => string,
  close: () => Promise<void>,
): Session {
  let current = "(no page yet)";
  const place: StepPlace = { engine: engineName, page: () => current };
  const isTimeout = (error: unknown) => error instanceof TimeoutError;
  /** A step bounded by the script cap: Puppeteer's evaluate has no timeout of its own. */
  const step = <T>(what: string, run: () => Promise<T>) =>
    bounded(place, what, SCRIPT_TIMEOUT_MS, run, isTimeout);
  const read = <T>(what: string, op: string, arg: unknown) =>
    retryOnce(() => step(what, () => page.evaluate(inPage, op, arg) as Promise<T>));
  // Clicks go to the element's centre through the mouse: Puppeteer's ElementHandle.click
  // waits on a promise in the page, which never settles when the page's scripts are off.
  const clickAt = (target: Target) =>
    step(`clicking ${describeTarget(target)}`, async () => {
      const { x, y } = (await page.evaluate(inPage, "point", target)) as { x: number; y: number };
      await page.mouse.click(x, y);
    });
  const load = async (url: URL, path: string) => {
    try {
      await page.goto(url.href, { waitUntil: "load", timeout: PAGE_LOAD_TIMEOUT_MS });
    } catch (error) {
      // Firefox's BiDi can report the app's own history updates during the load as an
      // interrupting navigation; the document itself still loads, so wait for it.
      if (!String(error).includes("interrupted an unfinished navigation")) throw error;
      await waitFor(
        `${path} to load`,
        () =>
          page.evaluate(
            (target) => document.readyState === "complete" && location.href.startsWith(target),
            url.href,
          ),
        PAGE_LOAD_TIMEOUT_MS,
      ).catch((cause: unknown) => {
        throw new TimeoutError(String(cause), { cause });
      });
    }
  };
  return {
    async goto(path) {
      current = path;
      const url = new URL(path, origin);
      await retryOnce(() =>
        bounded(place, "loading the page", PAGE_LOAD_TIMEOUT_MS, () => load(url, path), isTimeout),
      );
    },
    state: () => read<PageState>("reading the page's state", "state", null),
    visible: (target) => read<boolean>(`looking for ${describeTarget(target)}`, "visible", target),
    bodyText: () => read<string>("reading the page's text", "text", null),
    loaded: (fragment) =>
      read<boolean>(`looking for the resource ${fragment}`, "resource", fragment),
    value: (target) => read<string | null>(`reading ${describeTarget(target)}`, "value", target),
    click: clickAt,
    async fill(target, text) {
      await clickAt(target);
      // Key by key over the protocol: a loaded host takes its time over a long value.
      await bounded(
        place,
        `typing into ${describeTarget(target)}`,
        PAGE_LOAD_TIMEOUT_MS,
        async () => {
          await page.keyboard.down("Control");
          await page.keyboard.press("a");
          await page.keyboard.up("Control");
          await page.keyboard.press("Backspace");
          await page.keyboard.type(text);
        },
        isTimeout,
      );
    },
    press: (key) => step(`pressing ${key}`, () => page.keyboard.press(key)),
    async invoke(target) {
      await step(`invoking ${describeTarget(target)}`, () =>
        page.evaluate(inPage, "invoke", target),
      );
    },
    close,
  };
}

// ---------------------------------------------------------------------------------------
// WebKitGTK over W3C WebDriver (selenium-webdriver and WebKitWebDriver under Xvfb)

export const MINIBROWSER_PATH =
  process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

const SESSION_START_MS = 90_000;

/** Rejects when `promise` has not settled within `ms`; the promise itself is left to settle. */
function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not start within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

export async function launchWebKit(origin: string, driverPort: number): Promise<Engine> {
  const missing = [
    onPath("WebKitWebDriver") ? null : "WebKitWebDriver (Debian's webkit2gtk-driver)",
    existsSync(MINIBROWSER_PATH) ? null : `MiniBrowser at ${MINIBROWSER_PATH} (webkit2gtk-driver)`,
    onPath("xvfb-run") ? null : "xvfb-run (Debian's xvfb)",
    onPath("xauth") ? null : "xauth (Debian's xauth, needed by xvfb-run)",
  ].filter((item) => item !== null);
  if (missing.length > 0) {
    throw new MissingBrowserError(
      `WebKitGTK cannot be driven, missing: ${missing.join(", ")}. .ci/run installs them.`,
    );
  }
  // Its own process group, so that stopping it also stops Xvfb and every MiniBrowser.
  const driver: ChildProcess = spawn(
    "xvfb-run",
    ["-a", "WebKitWebDriver", `--port=${driverPort}`, "--host=127.0.0.1"],
    { detached: true, stdio: ["ignore", "ignore", "pipe"] },
  );
  let driverLog = "";
  driver.stderr?.on("data", (chunk: Buffer) => {
    driverLog = (driverLog + chunk.toString()).slice(-2000);
  });
  const stop = () => {
    try {
      if (driver.pid !== undefined) process.kill(-driver.pid, "SIGTERM");
    } catch {
      // already gone
    }
  };
  // The driver is in its own process group, so it outlives this process unless stopped.
  process.once("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stop();
      process.exit(1);
    });
  }
  const server = `http://127.0.0.1:${driverPort}`;
  await waitFor(
    `WebKitWebDriver on port ${driverPort}`,
    async () => {
      if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited: ${driverLog}`);
      return (await fetch(`${server}/status`)).ok;
    },
    30_000,
  ).catch((error: unknown) => {
    stop();
    throw error;
  });
  const openOnce = async (javaScript: boolean) => {
    const session = await new Builder()
      .usingServer(server)
      .withCapabilities({
        browserName: "MiniBrowser",
        // WebDriver's own caps, so a page that never loads fails in seconds, not 300 s.
        timeouts: { pageLoad: PAGE_LOAD_TIMEOUT_MS, script: SCRIPT_TIMEOUT_MS, implicit: 0 },
        "webkitgtk:browserOptions": {
          binary: MINIBROWSER_PATH,
          // Markup scripts off is what a visitor without JavaScript gets; WebDriver's own
          // scripts (state reads) still run.
          args: javaScript
            ? ["--automation"]
            : ["--automation", "--enable-javascript-markup=false"],
        },
      })
      .build();
    await session.manage().window().setRect(PHONE);
    const version = (await session.getCapabilities()).get("browserVersion");
    if (typeof version === "string") engine.name = `WebKitGTK ${version}`;
    return webkitSession(session, origin, () => engine.name);
  };
  const engine: Engine = {
    name: "WebKitGTK",
    async open({ javaScript = true } = {}) {
      // On a heavily loaded host a new MiniBrowser session was once seen never to answer, which
      // held the suite for its whole 10-minute test timeout: bound it and try once more.
      try {
        return await withTimeout(openOnce(javaScript), SESSION_START_MS, "a new WebKitGTK session");
      } catch {
        return await withTimeout(openOnce(javaScript), SESSION_START_MS, "a new WebKitGTK session");
      }
    },
    async quit() {
      stop();
    },
  };
  return engine;
}

/** The driver gave up on its own cap (page load or script). */
function isWebDriverTimeout(error: unknown): boolean {
  return (
    error instanceof driverErrors.TimeoutError || error instanceof driverErrors.ScriptTimeoutError
  );
}

function webkitSession(driver: WebDriver, origin: string, engineName: () => string): Session {
  let current = "(no page yet)";
  const place: StepPlace = { engine: engineName, page: () => current };
  // A click or a key can start a navigation, which WebDriver waits for (up to the page load
  // cap), so those steps get that long.
  const step = <T>(what: string, run: () => Promise<T>, ms = SCRIPT_TIMEOUT_MS) =>
    bounded(place, what, ms, run, isWebDriverTimeout);
  const run = <T>(op: string, arg: unknown) => driver.executeScript<T>(inPage, op, arg);
  const read = <T>(what: string, op: string, arg: unknown) =>
    retryOnce(() => step(what, () => run<T>(op, arg)));
  const find = (target: Target) => run<WebElement>("find", target);
  return {
    async goto(path) {
      current = path;
      const url = new URL(path, origin).href;
      await retryOnce(() => step("loading the page", () => driver.get(url), PAGE_LOAD_TIMEOUT_MS));
    },
    state: () => read<PageState>("reading the page's state", "state", null),
    visible: (target) => read<boolean>(`looking for ${describeTarget(target)}`, "visible", target),
    bodyText: () => read<string>("reading the page's text", "text", null),
    loaded: (fragment) =>
      read<boolean>(`looking for the resource ${fragment}`, "resource", fragment),
    value: (target) => read<string | null>(`reading ${describeTarget(target)}`, "value", target),
    async click(target) {
      await step(
        `clicking ${describeTarget(target)}`,
        async () => (await find(target)).click(),
        PAGE_LOAD_TIMEOUT_MS,
      );
    },
    async fill(target, text) {
      // Select all and type over it, as a visitor would. WebDriver's clear() would blur the
      // field, and the calculator restores an emptied field when it loses focus.
      await step(
        `typing into ${describeTarget(target)}`,
        async () => {
          const field = await find(target);
          await driver
            .actions()
            .click(field)
            .keyDown(Key.CONTROL)
            .sendKeys("a")
            .keyUp(Key.CONTROL)
            .sendKeys(Key.BACK_SPACE)
            .sendKeys(text)
            .perform();
        },
        PAGE_LOAD_TIMEOUT_MS,
      );
    },
    async press(key) {
      await step(
        `pressing ${key}`,
        () =>
          driver
            .actions()
            .sendKeys(key === "Escape" ? Key.ESCAPE : Key.ARROW_DOWN)
            .perform(),
        PAGE_LOAD_TIMEOUT_MS,
      );
    },
    async invoke(target) {
      await step(`invoking ${describeTarget(target)}`, () => run("invoke", target));
    },
    // Bounded like the start: a quit that never answers must not hold the suite.
    close: () => withTimeout(driver.quit(), SESSION_START_MS, "closing a WebKitGTK session"),
  };
}
