import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { Builder, Key, type WebDriver, type WebElement } from "selenium-webdriver";
import { inPage, type PageState, type Target } from "./in-page.ts";

/** Phone width; WebKitGTK's MiniBrowser will not go below 447 px, so checks use innerWidth. */
export const PHONE = { width: 375, height: 740 };

/** One browser window, driven the same way in both engines. */
export interface Session {
  goto(path: string): Promise<void>;
  state(): Promise<PageState>;
  visible(target: Target): Promise<boolean>;
  bodyText(): Promise<string>;
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
  return {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//, "")}`,
    async open({ javaScript = true } = {}) {
      if (!javaScript) withoutScripts ??= await launch(false);
      const context = await (javaScript
        ? browser
        : (withoutScripts as Browser)
      ).createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(PHONE);
      return firefoxSession(page, origin, () => context.close());
    },
    async quit() {
      await withoutScripts?.close();
      await browser.close();
    },
  };
}

function firefoxSession(page: Page, origin: string, close: () => Promise<void>): Session {
  // Clicks go to the element's centre through the mouse: Puppeteer's ElementHandle.click
  // waits on a promise in the page, which never settles when the page's scripts are off.
  const clickAt = async (target: Target) => {
    const { x, y } = (await page.evaluate(inPage, "point", target)) as { x: number; y: number };
    await page.mouse.click(x, y);
  };
  return {
    async goto(path) {
      const url = new URL(path, origin);
      try {
        await page.goto(url.href, { waitUntil: "load" });
      } catch (error) {
        // Firefox's BiDi can report the app's own history updates during the load as an
        // interrupting navigation; the document itself still loads, so wait for it.
        if (!String(error).includes("interrupted an unfinished navigation")) throw error;
        await waitFor(`${path} to load`, () =>
          page.evaluate(
            (target) => document.readyState === "complete" && location.href.startsWith(target),
            url.href,
          ),
        );
      }
    },
    state: () => page.evaluate(inPage, "state", null) as Promise<PageState>,
    visible: (target) => page.evaluate(inPage, "visible", target) as Promise<boolean>,
    bodyText: () => page.evaluate(inPage, "text", null) as Promise<string>,
    value: (target) => page.evaluate(inPage, "value", target) as Promise<string | null>,
    click: clickAt,
    async fill(target, text) {
      await clickAt(target);
      await page.keyboard.down("Control");
      await page.keyboard.press("a");
      await page.keyboard.up("Control");
      await page.keyboard.press("Backspace");
      await page.keyboard.type(text);
    },
    press: (key) => page.keyboard.press(key),
    async invoke(target) {
      await page.evaluate(inPage, "invoke", target);
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
    return webkitSession(session, origin);
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

function webkitSession(driver: WebDriver, origin: string): Session {
  const run = <T>(op: string, arg: unknown) => driver.executeScript<T>(inPage, op, arg);
  const find = (target: Target) => run<WebElement>("find", target);
  return {
    async goto(path) {
      await driver.get(new URL(path, origin).href);
    },
    state: () => run<PageState>("state", null),
    visible: (target) => run<boolean>("visible", target),
    bodyText: () => run<string>("text", null),
    value: (target) => run<string | null>("value", target),
    async click(target) {
      await (await find(target)).click();
    },
    async fill(target, text) {
      const field = await find(target);
      // Select all and type over it, as a visitor would. WebDriver's clear() would blur the
      // field, and the calculator restores an emptied field when it loses focus.
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
    async press(key) {
      await driver
        .actions()
        .sendKeys(key === "Escape" ? Key.ESCAPE : Key.ARROW_DOWN)
        .perform();
    },
    async invoke(target) {
      await run("invoke", target);
    },
    // Bounded like the start: a quit that never answers must not hold the suite.
    close: () => withTimeout(driver.quit(), SESSION_START_MS, "closing a WebKitGTK session"),
  };
}
