import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { message } from "../../tests/e2e/support/catalog.ts";
import { VALID_PARTNER, VALID_REFERRAL } from "../../tests/fixtures/submissions.ts";
import { findSubmissions } from "../store/subject-requests.ts";
import { listSubmissions } from "../store/submissions.ts";
import {
  createFormTestBed,
  type FormTestBed,
  formBody,
  startFormApp,
  TEST_ORIGIN,
  testApiConfig,
} from "../test-support/form-app.ts";
import { TestSmtpServer, waitFor } from "../test-support/smtp.ts";
import type { FormApi } from "./index.ts";

const FORM = "application/x-www-form-urlencoded";
const JSON_ACCEPT = { accept: "application/json", "content-type": FORM };
/** What a browser sends when it posts a form without JavaScript (a navigation). */
const NAVIGATION = {
  "content-type": FORM,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "sec-fetch-mode": "navigate",
  "sec-fetch-site": "same-origin",
};

/** Referral values the schema must refuse (SEC-1). */
const HOSTILE_REFERRAL_FIELDS: [string, Record<string, string>][] = [
  ["CRLF header injection", { yourFirstName: "Ana\r\nBcc: eve@example.com" }],
  ["NUL", { yourLastName: "a\u0000b" }],
  ["ESC", { friendFirstName: "\u001b[2J" }],
  ["C1 control", { friendLastName: "x\u0085y" }],
  ["101 characters", { yourFirstName: "x".repeat(101) }],
  ["quoted local part", { friendEmail: '"eve"@example.com' }],
  ["two addresses", { friendEmail: "a@example.com,b@example.com" }],
  ["display name", { friendEmail: "Eve <eve@example.com>" }],
  ["comment", { friendEmail: "eve(x)@example.com" }],
  ["newline in email", { yourEmail: "ana@example.com\nBcc: eve@example.com" }],
  ["65-char local part", { yourEmail: `${"a".repeat(65)}@example.com` }],
  ["underscore domain", { yourEmail: "ana@exa_mple.com" }],
];

/** Partner values the schema must refuse (SEC-1). */
const HOSTILE_PARTNER_FIELDS: [string, Record<string, string>][] = [
  ["partner practiceType outside the list", { practiceType: "lawyer" }],
  ["clientNumber with a literal +", { clientNumber: "100 " }],
  ["notes over 5000", { notes: "x".repeat(5001) }],
  ["notes with a bell", { notes: "ding\u0007" }],
  ["company over 200", { company: "x".repeat(201) }],
];

let bed: FormTestBed;
let smtp: TestSmtpServer;
let app: FastifyInstance;
let nextIp = 1;

/** A fresh client address, so tests do not share rate-limit budgets. */
function freshIp(): string {
  nextIp += 1;
  return `10.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
}

function post(
  target: FastifyInstance,
  url: string,
  payload: string | Buffer,
  headers: Record<string, string> = JSON_ACCEPT,
  extra: Partial<InjectOptions> = {},
) {
  return target.inject({
    method: "POST",
    url,
    payload,
    headers,
    remoteAddress: freshIp(),
    ...extra,
  });
}

async function stored(target: FastifyInstance = app) {
  const api = target.formApi;
  if (!api) throw new Error("no form API");
  return listSubmissions(api.store);
}

beforeAll(async () => {
  bed = await createFormTestBed();
  smtp = new TestSmtpServer();
  await smtp.start();
  app = await startFormApp(
    bed.fake.buildDir,
    testApiConfig(await bed.newDataDir(), {
      SMTP_URL: smtp.url,
      RATE_LIMIT_PER_10_MIN: "100000",
      RATE_LIMIT_PER_DAY: "100000",
      DUPLICATE_WINDOW_S: "1",
    }),
  );
});

afterAll(async () => {
  await app?.close();
  await smtp?.stop();
  await bed?.cleanup();
});

beforeEach(() => {
  smtp.behaviour.rcptStatus = null;
});

describe("a valid referral", () => {
  test("is acknowledged with JSON once stored, and the friend gets one email", async () => {
    const fields = { ...VALID_REFERRAL, friendEmail: "first.friend@example.com" };
    const response = await post(app, "/api/sendEmail?locale=de", formBody(fields));
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    expect(response.headers["set-cookie"]).toBeUndefined();

    const rows = (await stored()).filter((row) => row.payload.friendEmail === fields.friendEmail);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "referral", locale: "de", status: "queued" });
    expect(rows[0]?.payload).toEqual(fields);

    await waitFor(() => smtp.received.some((mail) => mail.to.includes(fields.friendEmail)));
    const mails = smtp.received.filter((mail) => mail.to.includes(fields.friendEmail));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.to).toEqual([fields.friendEmail]);
    expect(mail?.from).toBe("hello@beyondbudget.app");
    expect(mail?.raw).toMatch(/^From: Beyond <hello@beyondbudget\.app>$/m);
    expect(mail?.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@beyondbudget\.app>$/m);
    expect(mail?.raw).toMatch(/^Content-Language: de-DE$/m);
    expect(mail?.raw).toContain("text/plain");
    expect(mail?.raw).toContain("text/html");
    await waitFor(async () => (await stored()).some((row) => row.emails[0]?.state === "sent"));
  });

  test("posted without JavaScript, redirects to the localized confirmation page", async () => {
    const fields = { ...VALID_REFERRAL, friendEmail: "nojs@example.com" };
    const response = await post(app, "/api/sendEmail?locale=fr", formBody(fields), {
      "content-type": FORM,
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/fr/referrals/sent");
  });

  test("takes the locale from the Referer when the action has none", async () => {
    const fields = { ...VALID_REFERRAL, friendEmail: "referer@example.com" };
    const response = await post(app, "/api/sendEmail", formBody(fields), {
      ...NAVIGATION,
      referer: `${TEST_ORIGIN}/es/referrals`,
    });
    expect(response.headers.location).toBe("/es/referrals/sent");
    const row = (await stored()).find((item) => item.payload.friendEmail === fields.friendEmail);
    expect(row?.locale).toBe("es");
  });

  test("accepts a charset parameter and unknown fields, which are never stored", async () => {
    const fields = {
      ...VALID_REFERRAL,
      friendEmail: "extra@example.com",
      extra: "x",
      __proto__x: "y",
    };
    const response = await post(
      app,
      "/api/sendEmail",
      `${formBody(fields)}&__proto__=polluted&constructor=bad`,
      { ...JSON_ACCEPT, "content-type": `${FORM}; charset=UTF-8` },
    );
    expect(response.statusCode).toBe(200);
    const row = (await stored()).find((item) => item.payload.friendEmail === fields.friendEmail);
    expect(Object.keys(row?.payload ?? {}).sort()).toEqual(Object.keys(VALID_REFERRAL).sort());
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("an identical resubmission (double click) is acknowledged but stored and sent once", async () => {
    const isolated = await startFormApp(
      bed.fake.buildDir,
      testApiConfig(await bed.newDataDir(), { SMTP_URL: smtp.url }),
    );
    try {
      const fields = { ...VALID_REFERRAL, friendEmail: "double@example.com" };
      const [first, second] = await Promise.all([
        post(isolated, "/api/sendEmail", formBody(fields)),
        post(isolated, "/api/sendEmail", formBody(fields)),
      ]);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(await stored(isolated)).toHaveLength(1);
      await waitFor(() => smtp.received.some((mail) => mail.to.includes(fields.friendEmail)));
    } finally {
      await isolated.close();
    }
  });

  test("a friend is emailed once per 30 days; a repeat gets the same 200 and no email", async () => {
    const friendEmail = "popular@example.com";
    const first = await post(app, "/api/sendEmail", formBody({ ...VALID_REFERRAL, friendEmail }));
    const again = await post(
      app,
      "/api/sendEmail",
      formBody({ ...VALID_REFERRAL, yourFirstName: "Zoë", friendEmail: "Popular@Example.com" }),
    );
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.body).toBe(first.body);
    // Found by the keyed hash of the address: the friend's clear text leaves a row once
    // emailed, and a repeat is stored without it at once (issue 49).
    const api = app.formApi as FormApi;
    const rows = await findSubmissions(api.store, api.keys.of(friendEmail));
    // Posts in the same millisecond list in arbitrary order.
    rows.sort((a, b) => a.status.localeCompare(b.status));
    expect(rows.map((row) => row.status)).toEqual(["queued", "suppressed"]);
    expect(rows[1]?.emails).toEqual([]);
    expect(rows[1]?.payload).toEqual({
      yourFirstName: "Zoë",
      yourLastName: VALID_REFERRAL.yourLastName,
      yourEmail: VALID_REFERRAL.yourEmail,
    });
    await waitFor(() => smtp.received.some((mail) => mail.to.includes(friendEmail)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = smtp.received.filter((mail) =>
      mail.to.some((to) => to.toLowerCase() === friendEmail),
    );
    expect(sent).toHaveLength(1);
  });
});

describe("a valid partner request", () => {
  test("notifies the team address and acknowledges the partner, one recipient each", async () => {
    const response = await post(app, "/api/joinPartner?locale=de", formBody(VALID_PARTNER));
    expect(response.statusCode).toBe(200);
    const row = (await stored()).find((item) => item.kind === "partner");
    expect(row?.payload).toEqual(VALID_PARTNER);
    await waitFor(
      () =>
        smtp.received.some((mail) => mail.to.includes("partners@beyondbudget.app")) &&
        smtp.received.some((mail) => mail.to.includes(VALID_PARTNER.email)),
    );
    const team = smtp.received.find((mail) => mail.to.includes("partners@beyondbudget.app"));
    expect(team?.to).toEqual(["partners@beyondbudget.app"]);
    expect(team?.raw).toMatch(/^Reply-To: lukasz@example\.pl$/m);
    expect(team?.raw).toContain("Nowak &amp; Co &lt;Ksi");
    expect(team?.raw).not.toContain("<Księgowość>");
    const ack = smtp.received.find((mail) => mail.to.includes(VALID_PARTNER.email));
    expect(ack?.to).toEqual([VALID_PARTNER.email]);
  });

  test("with notes left out is fine; posted without JS it lands on the partner page", async () => {
    const { notes: _, ...fields } = { ...VALID_PARTNER, email: "nonotes@example.com" };
    const response = await post(app, "/api/joinPartner?locale=de", formBody(fields), NAVIGATION);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/de/referrals/partner-sent");
  });
});

describe("SEC-1 input contract", () => {
  const referral = formBody(VALID_REFERRAL);

  test.each([
    ["JSON", "application/json", JSON.stringify(VALID_REFERRAL)],
    ["text/plain", "text/plain", referral],
    [
      "multipart",
      "multipart/form-data; boundary=x",
      `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--`,
    ],
    ["XML", "application/xml", "<a/>"],
  ])("%s bodies get 415", async (_name, type, payload) => {
    const response = await post(app, "/api/sendEmail", payload, {
      ...JSON_ACCEPT,
      "content-type": type,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ error: "Unsupported Media Type" });
  });

  test("a body without Content-Type gets 415", async () => {
    const response = await post(app, "/api/sendEmail", referral, { accept: "application/json" });
    expect(response.statusCode).toBe(415);
  });

  test("an empty form post is an invalid form: 400 naming every required field", async () => {
    const response = await post(app, "/api/joinPartner", "");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: "Bad Request",
      fields: ["firstName", "lastName", "email", "company", "practiceType", "clientNumber"],
    });
  });

  test("an empty post without Content-Type gets 415", async () => {
    const response = await post(app, "/api/sendEmail", "", { accept: "application/json" });
    expect(response.statusCode).toBe(415);
  });

  test.each([["gzip"], ["br"], ["deflate"], ["identity, gzip"]])(
    "Content-Encoding %s is not inflated: 415",
    async (encoding) => {
      const response = await post(app, "/api/sendEmail", referral, {
        ...JSON_ACCEPT,
        "content-encoding": encoding,
      });
      expect(response.statusCode).toBe(415);
    },
  );

  test("a body over 16 KiB gets 413", async () => {
    const payload = `${referral}&pad=${"x".repeat(16 * 1024)}`;
    const response = await post(app, "/api/sendEmail", payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "Payload Too Large" });
  });

  test("a field given twice gets 400", async () => {
    const response = await post(app, "/api/sendEmail", `${referral}&friendEmail=eve%40example.com`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Bad Request" });
  });

  test("invalid fields get 400 naming the fields, never echoing values", async () => {
    const fields = { ...VALID_REFERRAL, friendEmail: "<script>x</script>", yourLastName: "" };
    const response = await post(app, "/api/sendEmail", formBody(fields));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Bad Request",
      fields: ["yourLastName", "friendEmail"],
      errors: {
        yourLastName: { key: "common.forms.required", message: "This field is required!" },
        friendEmail: {
          key: "common.forms.email.invalid",
          message:
            "Sorry, it doesn't look like you've put in a valid email address — can you double-check it's right?",
        },
      },
    });
    expect(response.body).not.toContain("<script>");
  });

  test("invalid input posted without JavaScript goes back to the localized form page", async () => {
    const response = await post(app, "/api/joinPartner?locale=de", "firstName=Ana", NAVIGATION);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/de/referrals?error=partner");
  });

  test.each(HOSTILE_REFERRAL_FIELDS)("%s gets 400", async (_name, override) => {
    const response = await post(
      app,
      "/api/sendEmail",
      formBody({ ...VALID_REFERRAL, ...override }),
    );
    expect(response.statusCode).toBe(400);
  });

  test.each([["%E0%A4%A"], ["%"], ["%zz"], ["%C0%AF"], ["%ED%A0%80"]])(
    "malformed percent-encoding %s in a name never gives a 5xx",
    async (raw) => {
      const fields = { ...VALID_REFERRAL, friendEmail: `pct${nextIp}@example.com` };
      const body = formBody(fields).replace("yourFirstName=Ana", `yourFirstName=Ana${raw}`);
      const response = await post(app, "/api/sendEmail", body);
      expect([200, 400]).toContain(response.statusCode);
    },
  );

  test.each(HOSTILE_PARTNER_FIELDS)("partner %s gets 400", async (_name, override) => {
    const response = await post(
      app,
      "/api/joinPartner",
      formBody({ ...VALID_PARTNER, ...override }),
    );
    expect(response.statusCode).toBe(400);
  });

  test.each([
    ["markup", "<img src=x onerror=alert(1)>"],
    ["SQL", "Robert'); DROP TABLE submissions;--"],
    ["template syntax", "{{constructor.constructor('x')()}} <%= x %>"],
    ["emoji", "Ana 😀"],
    ["right-to-left", "מרים"],
    ["zero-width joiner", "Ana\u200dMaria"],
    ["Cyrillic", "Ольга"],
    ["CJK", "李"],
  ])("%s in a name is data: never 5xx, never reflected", async (_name, value) => {
    const fields = {
      ...VALID_REFERRAL,
      yourFirstName: value,
      friendEmail: `v${nextIp}@example.com`,
    };
    const response = await post(app, "/api/sendEmail", formBody(fields));
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toContain(value);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  });
});

describe("the answer depends on who posts, not on Accept", () => {
  test.each([
    ["no Accept (curl)", { "content-type": FORM }],
    ["fetch()'s default */*", { "content-type": FORM, accept: "*/*" }],
    ["HTML and JSON alike", { "content-type": FORM, accept: "text/html, application/json" }],
    [
      "a script's fetch that prefers HTML (Sec-Fetch-Mode: cors)",
      { ...NAVIGATION, "sec-fetch-mode": "cors" },
    ],
  ])("%s: 200 with a short JSON body, 400 with the field errors", async (_name, headers) => {
    const fields = { ...VALID_REFERRAL, friendEmail: `client${nextIp}@example.com` };
    const accepted = await post(app, "/api/sendEmail", formBody(fields), headers);
    expect([accepted.statusCode, accepted.headers.location]).toEqual([200, undefined]);
    expect(accepted.json()).toEqual({ ok: true });
    const refused = await post(app, "/api/sendEmail", "yourFirstName=Ana", headers);
    expect([refused.statusCode, refused.headers.location]).toEqual([400, undefined]);
    expect(refused.json().errors.friendEmail).toEqual({
      key: "common.forms.email.missing",
      message: "Please pick an email!",
    });
  });

  test("a browser without Fetch Metadata whose Accept prefers HTML is redirected", async () => {
    const { "sec-fetch-mode": _, "sec-fetch-site": __, ...oldBrowser } = NAVIGATION;
    const response = await post(app, "/api/sendEmail?locale=es", "", oldBrowser);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/es/referrals?error=friend");
  });

  test("field errors are in the visitor's locale, from the Referer or else the lang cookie", async () => {
    const fromReferer = await post(app, "/api/joinPartner", "company=x", {
      "content-type": FORM,
      referer: `${TEST_ORIGIN}/de/referrals`,
      cookie: "lang=fr",
    });
    expect(fromReferer.json().errors.firstName.message).toBe(
      message("de", "common.forms.required"),
    );
    const fromCookie = await post(app, "/api/joinPartner", `notes=${"x".repeat(5001)}`, {
      "content-type": FORM,
      cookie: "consent=x; lang=fr",
    });
    expect(fromCookie.json().errors.notes).toEqual({
      key: "common.forms.tooLong",
      message: message("fr", "common.forms.tooLong").replace("{max, number}", "5\u202f000"),
    });
    const fallback = await post(app, "/api/joinPartner", "", { "content-type": FORM });
    expect(fallback.json().errors.firstName.message).toBe("This field is required!");
  });

  test("the locale comes from ?locale=, then the Referer, then the lang cookie, then English", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ["?locale=fr", { referer: `${TEST_ORIGIN}/de/referrals`, cookie: "lang=es" }, "fr"],
      ["", { referer: `${TEST_ORIGIN}/de/referrals`, cookie: "lang=es" }, "de"],
      ["", { cookie: "lang=es" }, "es"],
      ["", { cookie: "lang=xx" }, "en"],
      ["", {}, "en"],
    ];
    for (const [query, headers, locale] of cases) {
      const friendEmail = `locale${nextIp}@example.com`;
      const response = await post(
        app,
        `/api/sendEmail${query}`,
        formBody({ ...VALID_REFERRAL, friendEmail }),
        { "content-type": FORM, ...headers },
      );
      expect(response.statusCode).toBe(200);
      const row = (await stored()).find((item) => item.payload.friendEmail === friendEmail);
      expect(row?.locale).toBe(locale);
    }
  });
});

/** A hostile or broken post and the status the contract gives it, whoever sends it. */
interface HostileCase {
  name: string;
  url: string;
  payload: string;
  headers: Record<string, string>;
  status: number;
}

function hostileCases(): HostileCase[] {
  const referral = formBody(VALID_REFERRAL);
  const partner = formBody(VALID_PARTNER);
  const form = { "content-type": FORM };
  const cases: HostileCase[] = [
    ...[
      ["JSON", "application/json", JSON.stringify(VALID_REFERRAL)],
      ["text/plain", "text/plain", referral],
      ["multipart", "multipart/form-data; boundary=x", `--x\r\n\r\nb\r\n--x--`],
      ["XML", "application/xml", "<a/>"],
    ].map(([name, type, payload]) => ({
      name: `a ${name} body`,
      url: "/api/sendEmail",
      payload: payload ?? "",
      headers: { "content-type": type ?? "" },
      status: 415,
    })),
    {
      name: "no Content-Type",
      url: "/api/joinPartner",
      payload: partner,
      headers: {},
      status: 415,
    },
    {
      name: "an empty post of no type",
      url: "/api/sendEmail",
      payload: "",
      headers: {},
      status: 415,
    },
    ...["gzip", "br", "deflate", "identity, gzip"].map((encoding) => ({
      name: `Content-Encoding ${encoding}`,
      url: "/api/sendEmail",
      payload: referral,
      headers: { ...form, "content-encoding": encoding },
      status: 415,
    })),
    ...[
      ["/api/sendEmail", referral],
      ["/api/joinPartner", partner],
    ].map(([url = "", body]) => ({
      name: `a body over 16 KiB to ${url}`,
      url,
      payload: `${body}&pad=${"x".repeat(16 * 1024)}`,
      headers: form,
      status: 413,
    })),
    {
      name: "a field given twice",
      url: "/api/sendEmail",
      payload: `${referral}&friendEmail=eve%40example.com`,
      headers: form,
      status: 400,
    },
    ...["/api/sendEmail", "/api/joinPartner"].map((url) => ({
      name: `an empty form to ${url}`,
      url,
      payload: "",
      headers: form,
      status: 400,
    })),
    ...Object.keys(VALID_REFERRAL).map((field) => ({
      name: `a referral without ${field}`,
      url: "/api/sendEmail",
      payload: formBody(withoutField(VALID_REFERRAL, field)),
      headers: form,
      status: 400,
    })),
    ...Object.keys(VALID_PARTNER)
      .filter((field) => field !== "notes")
      .map((field) => ({
        name: `a partner request without ${field}`,
        url: "/api/joinPartner",
        payload: formBody(withoutField(VALID_PARTNER, field)),
        headers: form,
        status: 400,
      })),
    ...HOSTILE_REFERRAL_FIELDS.map(([name, override]) => ({
      name: `referral: ${name}`,
      url: "/api/sendEmail",
      payload: formBody({ ...VALID_REFERRAL, ...override }),
      headers: form,
      status: 400,
    })),
    ...HOSTILE_PARTNER_FIELDS.map(([name, override]) => ({
      name: `partner: ${name}`,
      url: "/api/joinPartner",
      payload: formBody({ ...VALID_PARTNER, ...override }),
      headers: form,
      status: 400,
    })),
    ...[
      { origin: "https://evil.example" },
      { origin: "null" },
      { "sec-fetch-site": "cross-site" },
    ].map((headers) => ({
      name: `cross-site ${JSON.stringify(headers)}`,
      url: "/api/joinPartner",
      payload: partner,
      headers: { ...form, ...headers },
      status: 403,
    })),
  ];
  return cases;
}

function withoutField(fields: Readonly<Record<string, string>>, field: string) {
  return Object.fromEntries(Object.entries(fields).filter(([name]) => name !== field));
}

const HOSTILE_CASES = hostileCases();

describe.each([
  ["without an Accept header", {}],
  ["with Accept: */*", { accept: "*/*" }],
  ["with Accept: application/json", { accept: "application/json" }],
])("hostile input %s gets its status, never a redirect", (_variant, accept) => {
  test(`all ${HOSTILE_CASES.length} cases`, async () => {
    const answers = [];
    for (const hostile of HOSTILE_CASES) {
      const response = await post(app, hostile.url, hostile.payload, {
        ...hostile.headers,
        ...accept,
      });
      answers.push({
        name: hostile.name,
        status: response.statusCode,
        location: response.headers.location,
        type: response.headers["content-type"],
      });
    }
    expect(answers).toEqual(
      HOSTILE_CASES.map((hostile) => ({
        name: hostile.name,
        status: hostile.status,
        location: undefined,
        type: "application/json; charset=utf-8",
      })),
    );
  });
});

describe("SEC-3 cross-site posts", () => {
  test.each([
    [{ origin: "https://evil.example" }],
    [{ origin: "null" }],
    [{ origin: "http://www.beyondbudget.app" }],
    [{ "sec-fetch-site": "cross-site" }],
    [{ origin: TEST_ORIGIN, "sec-fetch-site": "cross-site" }],
  ])("%j gets 403", async (headers) => {
    const response = await post(app, "/api/sendEmail", formBody(VALID_REFERRAL), {
      ...JSON_ACCEPT,
      ...headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Forbidden" });
  });

  test.each([
    [{ origin: TEST_ORIGIN, "sec-fetch-site": "same-origin" }],
    [{ origin: "http://localhost:80", host: "localhost:80" }],
    [{}],
  ])("%j is allowed", async (headers) => {
    const fields = { ...VALID_REFERRAL, friendEmail: `same${nextIp}@example.com` };
    const response = await post(app, "/api/sendEmail", formBody(fields), {
      ...JSON_ACCEPT,
      ...headers,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("other requests", () => {
  test("the honeypot answers 200 and stores nothing", async () => {
    const before = (await stored()).length;
    const fields = {
      ...VALID_REFERRAL,
      friendEmail: "bot@example.com",
      website: "http://spam.example",
    };
    const response = await post(app, "/api/sendEmail", formBody(fields));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await stored()).toHaveLength(before);
  });

  test.each([["GET"], ["PUT"], ["DELETE"], ["PATCH"]])(
    "%s on an API route gets 404",
    async (method) => {
      const response = await app.inject({ method: method as "GET", url: "/api/sendEmail" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "Not Found" });
    },
  );
});

describe("SEC-3 rate limits", () => {
  let limited: FastifyInstance;
  beforeAll(async () => {
    limited = await startFormApp(
      bed.fake.buildDir,
      testApiConfig(await bed.newDataDir(), { SMTP_URL: smtp.url }),
    );
  });
  afterAll(async () => {
    await limited.close();
  });

  function postFrom(
    ip: string,
    url: string,
    fields: Record<string, string>,
    headers: Record<string, string> = JSON_ACCEPT,
  ) {
    return limited.inject({
      method: "POST",
      url,
      payload: formBody(fields),
      headers,
      remoteAddress: ip,
    });
  }

  test("the 6th post from one IP in 10 minutes gets 429 with Retry-After; pages still answer", async () => {
    const ip = "203.0.113.10";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await postFrom(ip, "/api/sendEmail", {
        ...VALID_REFERRAL,
        friendEmail: `r${i}@example.com`,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(Number(response.headers["retry-after"])).toBeGreaterThan(590);
        expect(response.json()).toEqual({ error: "Too Many Requests" });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const page = await limited.inject({ method: "GET", url: "/", remoteAddress: ip });
    expect(page.statusCode).toBe(200);
    // The other endpoint has its own budget.
    const partner = await postFrom(ip, "/api/joinPartner", VALID_PARTNER);
    expect(partner.statusCode).toBe(200);
  });

  test("the 429 is a status for every client: no Accept, fetch's */*, curl, a browser's form", async () => {
    const ip = "203.0.113.14";
    for (let i = 0; i < 5; i += 1) {
      await postFrom(ip, "/api/sendEmail", { ...VALID_REFERRAL, friendEmail: `a${i}@example.com` });
    }
    const clients: Array<Record<string, string>> = [
      { "content-type": FORM },
      { "content-type": FORM, accept: "*/*" },
      { "content-type": FORM, accept: "*/*", "user-agent": "curl/8.11.1" },
      {
        "content-type": FORM,
        accept: "text/html,application/xhtml+xml,*/*;q=0.8",
        "sec-fetch-mode": "navigate",
      },
    ];
    for (const headers of clients) {
      const response = await postFrom(ip, "/api/sendEmail", VALID_REFERRAL, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(429);
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
      expect(response.headers.location).toBeUndefined();
    }
  });

  test("invalid and rejected posts count too, before the body is read", async () => {
    const ip = "203.0.113.11";
    for (let i = 0; i < 5; i += 1) await postFrom(ip, "/api/sendEmail", { yourFirstName: "x" });
    const response = await limited.inject({
      method: "POST",
      url: "/api/sendEmail",
      payload: "x".repeat(20_000),
      headers: { "content-type": "application/json" },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(429);
  });

  test("a spoofed X-Forwarded-For from an untrusted peer does not change the key", async () => {
    const ip = "203.0.113.12";
    for (let i = 0; i < 5; i += 1) {
      await postFrom(ip, "/api/joinPartner", { ...VALID_PARTNER, email: `p${i}@example.com` });
    }
    const spoofed = await limited.inject({
      method: "POST",
      url: "/api/joinPartner",
      payload: formBody(VALID_PARTNER),
      headers: {
        ...JSON_ACCEPT,
        "x-forwarded-for": "192.0.2.99",
        "x-real-ip": "192.0.2.98",
        forwarded: "for=192.0.2.97",
      },
      remoteAddress: ip,
    });
    expect(spoofed.statusCode).toBe(429);
  });

  test("10,000 posts from one IP: at most 5 accepted, all others 429, no 5xx", async () => {
    const ip = "203.0.113.13";
    const counts = new Map<number, number>();
    for (let i = 0; i < 10_000; i += 1) {
      const response = await postFrom(ip, "/api/sendEmail", {
        ...VALID_REFERRAL,
        friendEmail: `f${i}@example.com`,
      });
      counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 200: 5, 429: 9995 });
    const rows = (await stored(limited)).filter((row) => row.payload.friendEmail?.startsWith("f"));
    expect(rows.length).toBeLessThanOrEqual(5);
  }, 60_000);
});
