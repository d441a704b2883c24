import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type PARTNER_FIELDS, validatePartner } from "../../app/lib/forms/partner.ts";
import { type REFERRAL_FIELDS, validateReferral } from "../../app/lib/forms/referral.ts";
import { type FormKind, formResultPath } from "../../app/lib/forms/result-pages.ts";
import type { FormResult } from "../../app/lib/forms/rules.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromPath } from "../../app/lib/locale.ts";
import type { ApiLimits } from "../api-config.ts";
import { sendError } from "../errors.ts";
import type { AddressKeys } from "../privacy/address-keys.ts";
import { readLocaleCookie } from "../site.ts";
import type { Store } from "../store/database.ts";
import type { EmailKind } from "../store/schema.ts";
import { type RecordOutcome, recordSubmission } from "../store/submissions.ts";
import { isIdentityEncoding, parseFormBody } from "./form-body.ts";
import { createFieldErrorFormatter } from "./form-messages.ts";
import { clientKey, type HitLimiter, type Limit, RateLimiter } from "./rate-limiter.ts";

/** SEC-1: the largest form body read; Fastify answers 413 beyond it without reading on. */
const FORM_BODY_LIMIT_BYTES = 16 * 1024;
/** REL-2: what a client is told to wait after a storage failure. */
const STORAGE_RETRY_AFTER_S = 30;
/** The optional honeypot: a hidden field people leave empty and bots fill in (SEC-3). */
const HONEYPOT_FIELD = "website";

const FORM_TYPE = "application/x-www-form-urlencoded";
const TEN_MINUTES_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

export interface FormRoutesOptions {
  store: Store;
  /** The deployment's keyed hashes of addresses (per-recipient limit, duplicate window). */
  keys: AddressKeys;
  limits: ApiLimits;
  /** The site's public origin; posts from it (or the request's own host) are same-site. */
  publicOrigin: string;
  /** Policy for JSON answers. */
  baseCsp: string;
  /** Called after a submission with emails is committed (wakes the outbox worker). */
  onQueued: () => void;
  /**
   * The per-IP limiter; in memory by default (one instance). Several instances pass one
   * that keeps its hits in the shared database (`SharedRateLimiter`).
   */
  limiter?: HitLimiter;
  /** Every answered post, by form and outcome (the metrics count these). */
  onOutcome?: (form: FormKind, outcome: SubmissionOutcome) => void;
  now?: () => number;
}

/** How a post ended, for the metrics: accepted, or refused by reason. */
export type SubmissionOutcome =
  | "accepted"
  | "suppressed"
  | "duplicate"
  | "honeypot"
  | "invalid"
  | "rate-limited"
  | "origin"
  | "unsupported"
  | "storage-error";

/** SEC-3's two per-IP windows with the configured figures. */
export function ipLimits(limits: ApiLimits): Limit[] {
  return [
    { max: limits.perTenMinutes, windowMs: TEN_MINUTES_MS },
    { max: limits.perDay, windowMs: DAY_MS },
  ];
}

/** The same two windows for speed reports (POST /api/vitals). */
export function vitalsIpLimits(limits: ApiLimits): Limit[] {
  return [
    { max: limits.vitalsPerTenMinutes, windowMs: TEN_MINUTES_MS },
    { max: limits.vitalsPerDay, windowMs: DAY_MS },
  ];
}

interface FormDefinition<T> {
  kind: FormKind;
  validate: (values: Readonly<Record<string, unknown>>) => FormResult<T, string>;
  emails: readonly EmailKind[];
}

const REFERRAL: FormDefinition<Record<(typeof REFERRAL_FIELDS)[number], string>> = {
  kind: "referral",
  validate: validateReferral,
  emails: ["referral"],
};

const PARTNER: FormDefinition<Record<(typeof PARTNER_FIELDS)[number], string>> = {
  kind: "partner",
  validate: validatePartner,
  emails: ["partner-notify", "partner-ack"],
};

/**
 * POST /api/sendEmail (refer a friend) and POST /api/joinPartner (SPEC section 7) with the
 * RELIABILITY bar: same-site posts only (403), per-IP limits before the body is read
 * (429 + Retry-After), form-encoded identity bodies only (415), 16 KiB (413), duplicate
 * keys (400), the shared schemas (400), a silent honeypot, and a 200 only once the
 * submission and its outbox rows are committed (503 + Retry-After when storage fails).
 * Only a browser's form navigation (a form posted without JavaScript) is redirected, with
 * a 303 to a localized page; every other client, whatever its `Accept`, gets the status:
 * `200 {"ok":true}` or `400 {"error":"Bad Request","fields":[…],"errors":{…}}`.
 */
export function formRoutes(options: FormRoutesOptions) {
  const now = options.now ?? Date.now;
  const limiter =
    options.limiter ?? new RateLimiter(ipLimits(options.limits), options.limits.maxClients);
  const count = (form: FormKind, outcome: SubmissionOutcome) => options.onOutcome?.(form, outcome);
  const policy = () => ({
    nowMs: now(),
    duplicateWindowMs: options.limits.duplicateWindowS * 1000,
    recipientWindowMs: options.limits.recipientDays * DAY_MS,
  });

  const fieldErrors = createFieldErrorFormatter();

  return async function formRoutesPlugin(api: FastifyInstance) {
    // Only form-encoded bodies are parsed in this scope: JSON, text, multipart → 415.
    api.removeAllContentTypeParsers();
    api.addContentTypeParser(
      FORM_TYPE,
      { parseAs: "string", bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        try {
          done(null, parseFormBody(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );

    for (const [url, form] of [
      ["/sendEmail", REFERRAL],
      ["/joinPartner", PARTNER],
    ] as const) {
      api.post(url, {
        bodyLimit: FORM_BODY_LIMIT_BYTES,
        onRequest: async (request, reply) => {
          // SEC-8: every refusal is logged with a reason code (the access log adds the IP).
          if (isCrossSite(request, options.publicOrigin)) {
            request.log.warn({ form: form.kind, reason: "cross-site" }, "form post refused");
            count(form.kind, "origin");
            return sendError(reply, 403, options.baseCsp);
          }
          let decision: Awaited<ReturnType<HitLimiter["hit"]>>;
          try {
            decision = await limiter.hit(`${form.kind}|${clientKey(request.ip)}`, now());
          } catch (error) {
            // A shared limiter lives in the database: when it fails, so would the post.
            request.log.error(
              { form: form.kind, err: storageError(error) },
              "limiter failure: 503",
            );
            count(form.kind, "storage-error");
            reply.header("retry-after", String(STORAGE_RETRY_AFTER_S));
            return sendError(reply, 503, options.baseCsp);
          }
          if (!decision.allowed) {
            request.log.info({ form: form.kind, reason: "rate-limited" }, "form post refused");
            count(form.kind, "rate-limited");
            reply.header("retry-after", String(decision.retryAfterS));
            return sendError(reply, 429, options.baseCsp);
          }
          if (!isIdentityEncoding(request.headers["content-encoding"])) {
            request.log.info({ form: form.kind, reason: "content-encoding" }, "form post refused");
            count(form.kind, "unsupported");
            return sendError(reply, 415, options.baseCsp);
          }
        },
        preValidation: (request, reply, done) => {
          if (request.body === undefined || request.body === null) {
            // An empty form post is an (invalid) form; an empty post of no type is not.
            if (!isFormType(request.headers["content-type"])) {
              count(form.kind, "unsupported");
              sendError(reply, 415, options.baseCsp);
              return;
            }
            request.body = Object.create(null);
          }
          done();
        },
        handler: (request, reply) =>
          handle(request, reply, form as FormDefinition<Record<string, string>>),
      });
    }
  };

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    form: FormDefinition<Record<string, string>>,
  ) {
    const fields = request.body as Record<string, string>;
    const locale = requestLocale(request);
    const navigation = isFormNavigation(request.headers);
    if ((fields[HONEYPOT_FIELD] ?? "").trim() !== "") {
      request.log.info({ form: form.kind, reason: "honeypot" }, "form post dropped");
      count(form.kind, "honeypot");
      return succeed(reply, form.kind, locale, navigation);
    }
    const result = form.validate(fields);
    if (!result.ok) {
      request.log.info(
        { form: form.kind, reason: "invalid-fields", fields: Object.keys(result.issues) },
        "form post refused",
      );
      count(form.kind, "invalid");
      if (navigation) return reply.redirect(formResultPath(form.kind, "invalid", locale), 303);
      return reply
        .code(400)
        .header("content-type", "application/json; charset=utf-8")
        .header("content-security-policy", options.baseCsp)
        .send({
          error: "Bad Request",
          fields: Object.keys(result.issues),
          errors: fieldErrors(result.issues, locale),
        });
    }
    let outcome: RecordOutcome;
    try {
      outcome = await recordSubmission(
        options.store,
        {
          kind: form.kind,
          locale,
          payload: result.data,
          emails: form.emails,
        },
        policy(),
        options.keys,
      );
    } catch (error) {
      request.log.error({ form: form.kind, err: storageError(error) }, "storage failure: 503");
      count(form.kind, "storage-error");
      reply.header("retry-after", String(STORAGE_RETRY_AFTER_S));
      return sendError(reply, 503, options.baseCsp);
    }
    request.log.info({ form: form.kind, outcome }, "submission accepted");
    count(form.kind, outcome === "queued" ? "accepted" : outcome);
    if (outcome === "queued") options.onQueued();
    return succeed(reply, form.kind, locale, navigation);
  }

  function succeed(reply: FastifyReply, kind: FormKind, locale: Locale, navigation: boolean) {
    if (navigation) return reply.redirect(formResultPath(kind, "sent", locale), 303);
    return reply
      .code(200)
      .header("content-type", "application/json; charset=utf-8")
      .header("content-security-policy", options.baseCsp)
      .send({ ok: true });
  }
}

/**
 * SEC-3 (ASVS 3.5.1): a post is cross-site when the browser says so in Sec-Fetch-Site or
 * sends an Origin that is neither the public origin nor the request's own origin. A
 * missing Origin is allowed (non-browser clients still face the limits).
 */
export function isCrossSite(
  request: Pick<FastifyRequest, "headers" | "protocol" | "host">,
  publicOrigin: string,
): boolean {
  if (request.headers["sec-fetch-site"] === "cross-site") return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  return origin !== `${request.protocol}://${request.host}`;
}

function isFormType(header: string | undefined): boolean {
  return (header ?? "").split(";")[0]?.trim().toLowerCase() === FORM_TYPE;
}

/**
 * True only for a browser navigating with a form (a post without JavaScript), which should
 * land on a page: `Sec-Fetch-Mode: navigate`, or, from a browser too old to send Fetch
 * Metadata, an `Accept` that lists HTML above JSON (as every browser's navigation does).
 * `fetch()` with its default "any type", `curl`, and any integration get status codes,
 * never a redirect that would turn an invalid post into a 200 page.
 */
function isFormNavigation(headers: {
  "sec-fetch-mode"?: string | undefined;
  accept?: string | undefined;
}): boolean {
  const mode = headers["sec-fetch-mode"];
  if (mode !== undefined) return mode.trim().toLowerCase() === "navigate";
  const weights = mediaRangeWeights(headers.accept ?? "");
  const html = weights.get("text/html") ?? 0;
  return html > 0 && html > (weights.get("application/json") ?? 0);
}

/** Quality of each media range listed in an `Accept` header (RFC 9110 §12.5.1). */
function mediaRangeWeights(accept: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [range = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (range === "") continue;
    const q = params.find((param) => param.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(range, Number.isFinite(weight) ? weight : 0);
  }
  return weights;
}

/**
 * The visitor's locale: `?locale=` (old links and forms still send it), else the Referer's
 * path (same-origin posts keep their full referrer under the site's policy), else the
 * `lang` cookie of an explicit language choice, else English.
 */
function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.locale;
  if (isLocale(fromQuery)) return fromQuery;
  const referer = request.headers.referer;
  if (referer) {
    try {
      return localeFromPath(new URL(referer).pathname);
    } catch {
      // an unparsable Referer says nothing about the locale
    }
  }
  return readLocaleCookie(request.headers.cookie) ?? DEFAULT_LOCALE;
}

/** Storage errors are logged by name and code only: SQL text can carry submitted values. */
function storageError(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return { type: error.name, code: typeof code === "string" ? code : undefined };
}
