/**
 * The cross-engine suite: the production server, as `npm start` runs it over plain HTTP, in
 * Firefox ESR (WebDriver BiDi) and WebKitGTK (W3C WebDriver), at phone width. It does not
 * repeat the Chromium suite; it proves the same site works in the other engines. Both engines
 * run side by side; the journeys of one engine run in order. A missing browser fails the
 * suite with the reason; it never skips.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, suite, test } from "node:test";
import { FAQ_SLUGS } from "../../app/content/faqs.ts";
import {
  LOCALE_NAMES,
  LOCALE_TAGS,
  LOCALES,
  type Locale,
  localizePath,
} from "../../app/lib/locale.ts";
import { allPagePaths } from "../../app/lib/pages.ts";
import { openStore } from "../../server/store/database.ts";
import { listSubmissions } from "../../server/store/submissions.ts";
import { message } from "../e2e/support/catalog.ts";
import {
  type Engine,
  EngineTimeoutError,
  launchFirefox,
  launchWebKit,
  PAGE_LOAD_TIMEOUT_MS,
  type Session,
  waitFor,
} from "./drivers.ts";
import type { PageState, Target } from "./in-page.ts";
import { type NeverLoads, startNeverLoads } from "./never-loads.ts";
import { type ProbeProxy, startProbeProxy } from "./probe-proxy.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Next to Playwright's E2E_PORT, so that this suite and the e2e suite can run side by side.
const BASE_PORT = Number(process.env.E2E_PORT ?? 4311);
const SERVER_PORT = BASE_PORT + 1;
const PROXY_PORT = BASE_PORT + 2;
const WEBKIT_DRIVER_PORT = BASE_PORT + 3;
const NEVER_LOADS_PORT = BASE_PORT + 4;
/** The server's private metrics listener, where the speed reports are counted. */
const METRICS_PORT = BASE_PORT + 5;

/** Every page pattern (one FAQ stands for `faqs/:slug`) and the not-found page. */
const PATTERN_PATHS = [
  ...allPagePaths().filter(
    (pagePath) =>
      pagePath !== "/xero-integration/step-by-step" &&
      (!pagePath.startsWith("/faqs/") || pagePath === `/faqs/${FAQ_SLUGS[0]}`),
  ),
  "/no-such-page",
];

let server: ChildProcess | null = null;
let proxy: ProbeProxy | null = null;
let neverLoads: NeverLoads | null = null;
let dataDir = "";

before(async () => {
  if (!existsSync(path.join(ROOT, "build/client/index.html"))) {
    throw new Error("No test build: run `npm run build:test` first");
  }
  dataDir = await mkdtemp(path.join(tmpdir(), "engines-data-"));
  server = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(SERVER_PORT),
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      METRICS_PORT: String(METRICS_PORT),
      // Both engines post from 127.0.0.1; the limits themselves are the Chromium suite's.
      RATE_LIMIT_PER_10_MIN: "100",
      RATE_LIMIT_PER_DAY: "100",
    },
  });
  const upstream = `http://127.0.0.1:${SERVER_PORT}`;
  await waitFor(
    "the server under test",
    async () => (await fetch(`${upstream}/healthz`)).ok,
    30_000,
  );
  proxy = await startProbeProxy(new URL(upstream), PROXY_PORT);
  neverLoads = await startNeverLoads(NEVER_LOADS_PORT);
});

after(async () => {
  await neverLoads?.close();
  await proxy?.close();
  server?.kill("SIGTERM");
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
// helpers

const button = (name: string, within?: Target): Target => ({
  role: "button",
  name,
  ...(within ? { within } : {}),
});
const dialog = (name: string): Target => ({ role: "dialog", name });
const textbox = (name: string, within?: Target): Target => ({
  role: "textbox",
  name,
  ...(within ? { within } : {}),
});

/** Loads a page and waits until the app has started; returns its state. */
async function openStarted(session: Session, pagePath: string): Promise<PageState> {
  await session.goto(pagePath);
  return waitFor(
    `the app to start on ${pagePath}`,
    async () => {
      const state = await session.state();
      return state.started ? state : false;
    },
    20_000,
  );
}

const scrollsSideways = (state: PageState) => state.scrollWidth > state.clientWidth;

/** What must hold on every page: no uncaught error, no CSP violation, no sideways scroll. */
function problemsOf(pagePath: string, state: PageState): string[] {
  const problems = [
    ...state.errors.map((error) => `${pagePath}: uncaught ${error}`),
    ...state.violations.map((violation) => `${pagePath}: CSP violation ${violation}`),
  ];
  if (scrollsSideways(state)) {
    problems.push(
      `${pagePath}: scrolls sideways (${state.scrollWidth} px of content in ${state.clientWidth} px, innerWidth ${state.innerWidth})`,
    );
  }
  return problems;
}

async function assertClean(session: Session, pagePath: string) {
  assert.deepEqual(problemsOf(pagePath, await session.state()), []);
}

const until = (what: string, check: () => Promise<boolean>, timeoutMs?: number) =>
  waitFor(what, async () => (await check()) || false, timeoutMs);

async function storedSubmissions() {
  const store = await openStore({ dataDir, databaseUrl: null, readOnly: true });
  try {
    return await listSubmissions(store);
  } finally {
    await store.close();
  }
}

/** Speed reports the server has counted (every page view of both engines). */
async function reportsCounted(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  return [...text.matchAll(/^web_vitals_reports_total\{[^}]*\} (\d+)$/gm)].reduce(
    (sum, match) => sum + Number(match[1]),
    0,
  );
}

/**
 * What each engine measures (decision record 29). Firefox ESR 153 has no Layout Instability
 * API, so no CLS. WebKitGTK 2.50 observes only marks, measures, navigation, paint and
 * resource entries: no LCP, Event Timing or layout shifts, so no LCP, INP or CLS; and its
 * navigation entry's responseStart is negative (-5001 ms when checked), which web-vitals
 * refuses as invalid, so no TTFB either: only FCP.
 */
const ENGINE_METRICS: Readonly<Record<string, readonly string[]>> = {
  firefox: ["FCP", "INP", "LCP", "TTFB"],
  webkit: ["FCP"],
};

/** Whether a request's user agent is the engine's (Firefox's names Gecko; WebKitGTK's, Safari). */
function isFrom(engineId: string, userAgent: string): boolean {
  const isFirefox = /\bFirefox\//.test(userAgent);
  return engineId === "firefox" ? isFirefox : !isFirefox && /\bAppleWebKit\//.test(userAgent);
}

async function assertStored(kind: string, field: string, value: string) {
  const rows = await waitFor(`a stored ${kind} with ${field} ${value}`, async () => {
    const found = (await storedSubmissions()).filter(
      (row) => row.kind === kind && (row.payload as Record<string, unknown>)[field] === value,
    );
    return found.length > 0 ? found : false;
  });
  assert.equal(rows.length, 1, `exactly one ${kind} stored with ${field} ${value}`);
}

// ---------------------------------------------------------------------------------------
// the journeys, per engine

const ALL_ENGINES: ReadonlyArray<{ id: string; launch: (origin: string) => Promise<Engine> }> = [
  { id: "firefox", launch: (origin) => launchFirefox(origin) },
  { id: "webkit", launch: (origin) => launchWebKit(origin, WEBKIT_DRIVER_PORT) },
];
/** `ENGINES=webkit` runs one engine while working on it; the suite runs both. */
const ENGINES = ALL_ENGINES.filter(
  ({ id }) => !process.env.ENGINES || process.env.ENGINES.split(",").includes(id),
);

suite("engines", { concurrency: ENGINES.length }, () => {
  for (const { id, launch } of ENGINES) {
    // One window per engine: its journeys run one after another (node:test would otherwise
    // pass the outer suite's concurrency down).
    suite(id, { concurrency: 1 }, () => {
      let engine: Engine | null = null;
      let session: Session | null = null;
      const use = () => {
        if (session === null) throw new Error(`${id} did not start`);
        return session;
      };
      /** A fresh window: no cookies, no storage. */
      const fresh = async () => {
        if (engine === null) throw new Error(`${id} did not start`);
        await session?.close();
        session = await engine.open();
        return session;
      };

      before(async () => {
        engine = await launch(proxy?.origin ?? "");
        session = await engine.open();
        console.log(`# ${id}: ${engine.name}`);
      });
      after(async () => {
        await session?.close().catch(() => {});
        await engine?.quit();
      });

      for (const locale of LOCALES) {
        test(`${locale}: every page pattern starts the app, without errors, CSP violations or sideways scroll`, async () => {
          const page = use();
          const problems: string[] = [];
          for (const pattern of PATTERN_PATHS) {
            const pagePath = localizePath(pattern, locale);
            try {
              const state = await openStarted(page, pagePath);
              problems.push(...problemsOf(pagePath, state));
              assert.equal(state.lang, LOCALE_TAGS[locale], `${pagePath} is in ${locale}`);
            } catch (error) {
              problems.push(`${pagePath}: ${(error as Error).name} ${(error as Error).message}`);
            }
          }
          assert.deepEqual(problems, []);
        });
      }

      for (const choice of ["acceptAll", "rejectAll"] as const) {
        test(`consent: ${choice === "acceptAll" ? "Accept all" : "Reject all"} is stored and the banner stays closed`, async () => {
          const page = await fresh();
          const banner: Target = { role: "region", name: message("en", "consent.banner.title") };
          await openStarted(page, "/pricing");
          await until("the consent banner", () => page.visible(banner));
          await page.click(button(message("en", `consent.banner.${choice}`), banner));
          await until("the banner to close", async () => !(await page.visible(banner)));
          const granted = choice === "acceptAll" ? "1" : "0";
          const stored = new RegExp(`(^|; )consent=v=\\d+&at=\\d+&a=${granted}&m=${granted}`);
          // The choice is stored once the frame that hid the banner is drawn (decision record
          // 29), or a second later where the engine draws none (WebKitGTK under Xvfb here).
          await until("the choice to be stored", async () =>
            stored.test(decodeURIComponent((await page.state()).cookies)),
          );
          await openStarted(page, "/pricing");
          assert.equal(await page.visible(banner), false, "the banner stays closed after a reload");
          await assertClean(page, "/pricing");
        });
      }

      test("speed report: after 'Accept all', hiding the page sends one beacon that the server counts", async (t) => {
        const page = await fresh();
        const banner: Target = { role: "region", name: message("en", "consent.banner.title") };
        // The other engine runs side by side through the same proxy and server: this engine's
        // beacons are told apart by their user agent.
        const ours = () => (proxy?.beacons ?? []).filter(({ userAgent }) => isFrom(id, userAgent));
        const sent = ours().length;
        await openStarted(page, "/pricing");
        await page.click(button(message("en", "consent.banner.acceptAll"), banner));
        await until("the speed report's chunk", () => page.loaded("/assets/web-vitals-report-"));
        // An interaction, for INP where the engine measures it; then a moment to observe.
        await page.click({ role: "heading", name: message("en", "pricing.heading") });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        // Leaving for a file of the same site hides the page (no script of its own runs there).
        await page.goto("/robots.txt");
        const beacon = await waitFor(
          "the speed report's beacon",
          async () => ours()[sent] ?? false,
          15_000,
        );
        // A second beacon for the same page view would come at once, if at all.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        assert.equal(ours().length, sent + 1, "one beacon for one page view");
        assert.match(beacon.contentType, /^application\/json/);
        assert.equal(beacon.status, 204, "the server accepted the report");
        const report = JSON.parse(beacon.body) as {
          page: string;
          locale: string;
          device: string;
          navigation: string;
          metrics: Record<string, number>;
        };
        assert.deepEqual(
          { page: report.page, locale: report.locale, device: report.device },
          { page: "pricing", locale: "en", device: "phone" },
        );
        const measured = Object.keys(report.metrics).sort();
        const missing = ["CLS", "FCP", "INP", "LCP", "TTFB"].filter(
          (name) => !measured.includes(name),
        );
        t.diagnostic(
          `${id} reports ${measured.join(", ")}; it lacks ${missing.join(", ") || "none"}`,
        );
        assert.deepEqual(measured, ENGINE_METRICS[id]);
        // Every report reaches the server through the proxy, so once the server has counted
        // this one, its count equals the reports the proxy saw accepted, both engines' together.
        await waitFor("the report to be counted", async () => {
          const accepted = (proxy?.beacons ?? []).filter(({ status }) => status === 204).length;
          return (await reportsCounted()) === accepted;
        });
      });

      test("the mobile menu opens and closes", async () => {
        const page = use();
        const nav: Target = { role: "navigation", name: message("en", "common.nav.label") };
        await openStarted(page, "/");
        assert.equal(await page.visible(nav), false, "the menu starts closed");
        await page.click(button(message("en", "common.nav.menuOpen")));
        await until("the menu to open", () => page.visible(nav));
        await page.press("Escape");
        await until("the menu to close", async () => !(await page.visible(nav)));
        await assertClean(page, "/");
      });

      test("an FAQ opens and closes", async () => {
        const page = use();
        const slug = "reports-in-beyond";
        const question = button(message("en", `faqs.items.${slug}.question`));
        const answer = "Breakdown reports show actuals against budget";
        await openStarted(page, "/faqs");
        assert.equal((await page.bodyText()).includes(answer), false, "the answer starts hidden");
        await page.click(question);
        await until("the answer to show", async () => (await page.bodyText()).includes(answer));
        await page.click(question);
        await until("the answer to hide", async () => !(await page.bodyText()).includes(answer));
        await assertClean(page, "/faqs");
      });

      test("the pricing calculator: a count changes the estimate", async () => {
        const page = use();
        await openStarted(page, "/pricing");
        assert.ok((await page.bodyText()).includes("€720 per month"), "100 employees: €720");
        await page.fill({ role: "spinbutton", name: "Number of employees" }, "40");
        // 3 power users × €48 + 8 managers × €24, after the calculator's 500 ms debounce.
        await until("the estimate for 40 employees", async () =>
          (await page.bodyText()).includes("€336 per month"),
        );
        await assertClean(page, "/pricing");
      });

      test("refer a friend: submitted, confirmed and stored", async () => {
        const page = use();
        await openStarted(page, "/referrals");
        await page.click(button(message("en", "referrals.friends.cta")));
        const form = dialog(message("en", "referrals.referralForm.title"));
        await until("the referral form", () => page.visible(form));
        const friendEmail = `friend.${id}@example.org`;
        const values: Record<string, string> = {
          yourFirstName: "José",
          yourLastName: "Núñez",
          friendFirstName: "Zoë",
          friendLastName: "Müller",
          yourEmail: `jose.${id}@example.com`,
          friendEmail,
        };
        for (const [field, value] of Object.entries(values)) {
          await page.fill(textbox(message("en", `referrals.referralForm.${field}`), form), value);
        }
        await page.click(button(message("en", "referrals.referralForm.submit"), form));
        const confirmation = dialog(message("en", "referrals.referralForm.confirmation.title"));
        await until("the referral confirmation", () => page.visible(confirmation));
        // By the referrer: the friend's address leaves the row once their email is sent.
        await assertStored("referral", "yourEmail", values.yourEmail as string);
        await assertClean(page, "/referrals");
      });

      test("join the partner programme: submitted, confirmed and stored", async () => {
        const page = use();
        await openStarted(page, "/referrals");
        await page.click(button(message("en", "referrals.partners.cta")));
        const form = dialog(message("en", "referrals.partnerForm.title"));
        await until("the partner form", () => page.visible(form));
        const email = `partner.${id}@books.example`;
        for (const [field, value] of Object.entries({
          firstName: "Anaïs",
          lastName: "Lefèvre",
          email,
          company: "Cabinet Lefèvre & Associés",
        })) {
          await page.fill(textbox(message("en", `referrals.partnerForm.${field}`), form), value);
        }
        for (const [field, option] of [
          ["practiceType", "practiceTypes.accountant"],
          ["clientNumber", "clientNumbers.over100"],
        ] as const) {
          await page.click({
            role: "combobox",
            name: message("en", `referrals.partnerForm.${field}`),
            within: form,
          });
          await page.press("ArrowDown");
          const choice = {
            role: "option",
            name: message("en", `referrals.partnerForm.${option}`),
            within: form,
          } as const;
          // A visitor taps the option once the list shows it.
          await until(`the ${field} list`, () => page.visible(choice));
          await page.click(choice);
        }
        await page.click(button(message("en", "referrals.partnerForm.submit"), form));
        const confirmation = dialog(message("en", "referrals.partnerForm.confirmation.title"));
        await until("the partner confirmation", () => page.visible(confirmation));
        await assertStored("partner", "email", email);
        await assertClean(page, "/referrals");
      });

      test("the language switch keeps the page and remembers the choice", async () => {
        const page = await fresh();
        await openStarted(page, "/pricing");
        // At phone width the consent banner covers the footer until the visitor answers it.
        await page.click(button(message("en", "consent.banner.rejectAll")));
        // The room kept below the page for the banner goes once the choice is stored, a frame
        // after the banner hid (decision record 29): the footer settles where it stays.
        await until("the choice to be stored", async () =>
          /(^|; )consent=/.test((await page.state()).cookies),
        );
        const footer: Target = { role: "contentinfo", name: { includes: "" } };
        await page.click({ role: "link", name: LOCALE_NAMES.de, within: footer });
        await waitFor("the German pricing page", async () => {
          const current = await page.state();
          return (
            current.path === "/de/pricing" &&
            current.started &&
            current.lang === LOCALE_TAGS.de &&
            current.h1 === message("de", "pricing.heading")
          );
        });
        // The server now sends the English address to the German page.
        await openStarted(page, "/features");
        assert.equal((await page.state()).path, "/de/features");
        await assertClean(page, "/de/features");
      });

      test("the harness: a page that never finishes loading fails in seconds, naming the engine, the page and the step, after one retry", async () => {
        // A WebKitGTK navigation that never finished once held CI for WebDriver's 301 s.
        if (neverLoads === null) throw new Error("the never-loading server did not start");
        const page = await fresh();
        const url = `${neverLoads.origin}/never-loads-${id}`;
        const started = Date.now();
        await assert.rejects(page.goto(url), (error: unknown) => {
          assert.ok(error instanceof EngineTimeoutError, `an EngineTimeoutError, not ${error}`);
          const name = engine?.name ?? id;
          assert.equal(
            error.message,
            `${name}: loading the page on ${url} did not finish within ${PAGE_LOAD_TIMEOUT_MS / 1000} s, tried twice`,
          );
          return true;
        });
        const seconds = (Date.now() - started) / 1000;
        assert.ok(seconds < (2 * PAGE_LOAD_TIMEOUT_MS) / 1000 + 20, `failed after ${seconds} s`);
        // Firefox asks again. WebKitWebDriver holds a new navigation, even to about:blank,
        // until the pending one finishes, so its retry joins the first load: one request.
        // Still bounded, named and failed in seconds, which is what stops a hang holding CI.
        const expectedRequests = id === "webkit" ? 1 : 2;
        assert.equal(
          neverLoads.requests(`/never-loads-${id}`),
          expectedRequests,
          `asked for ${expectedRequests === 2 ? "twice: one retry" : "once: the retry joins it"}`,
        );
        // Firefox's window is still usable for the next page. WebKitWebDriver's session waits
        // on the unfinished load for good, so the journeys after this one get a new session.
        if (id === "webkit") await fresh();
        else await openStarted(page, "/faqs");
      });

      test("without JavaScript, a referral form posts to the server and lands on its confirmation", async (t) => {
        if (engine === null) throw new Error(`${id} did not start`);
        // WebKitWebDriver drives one session at a time; this journey comes last.
        await session?.close();
        session = null;
        const locale: Locale = "de";
        const page = await engine.open({ javaScript: false });
        try {
          await page.goto(localizePath("/referrals", locale));
          const loaded = await page.state();
          assert.equal(loaded.started, false, "scripts are off");
          const cta = button(message(locale, "referrals.friends.cta"));
          await until("the referral call to action, scrolled to", () => page.visible(cta));
          if (loaded.invokers) {
            await page.click(cta);
          } else {
            // WebKitGTK 2.50 predates invoker commands (Safari has them from 26.2, inside the
            // support matrix): without scripts its button opens nothing. Said out loud, then
            // the dialog is opened as the platform would, to test the post itself.
            t.diagnostic(
              `${id} has no invoker commands: without JavaScript the button cannot open its form here`,
            );
            await page.invoke(cta);
          }
          const form = dialog(message(locale, "referrals.referralForm.title"));
          await until("the referral form, opened without JavaScript", () => page.visible(form));
          const yourEmail = `lukasz.${id}@example.com`;
          for (const [field, value] of Object.entries({
            yourFirstName: "Łukasz",
            yourLastName: "Nowak",
            friendFirstName: "Zoë",
            friendLastName: "Müller",
            yourEmail,
            friendEmail: `nojs.${id}@example.org`,
          })) {
            await page.fill(
              textbox(message(locale, `referrals.referralForm.${field}`), form),
              value,
            );
          }
          await page.click(button(message(locale, "referrals.referralForm.submit"), form));
          const heading = message(locale, "referrals.sent.referral.heading");
          await waitFor(`the confirmation page, headed "${heading}"`, async () => {
            const state = await page.state();
            return state.path === localizePath("/referrals/sent", locale) && state.h1 === heading;
          });
          // By the referrer: the friend's address leaves the row once their email is sent.
          await assertStored("referral", "yourEmail", yourEmail);
        } finally {
          await page.close();
        }
      });
    });
  }
});
