import type { FastifyInstance } from "fastify";
import { VITALS_BODY_MAX_BYTES, type VitalsReport } from "../../app/lib/vitals/report.ts";
import { parseVitalsReport } from "../../app/lib/vitals/report-schema.ts";
import { sendError } from "../errors.ts";
import { isIdentityEncoding } from "./form-body.ts";
import { isCrossSite } from "./forms.ts";
import { clientKey, type HitLimiter } from "./rate-limiter.ts";

const JSON_TYPE = "application/json";
/** What a client is told to wait when the shared limiter's database fails. */
const STORAGE_RETRY_AFTER_S = 30;

export interface VitalsRoutesOptions {
  /** The per-IP limiter: in memory (one instance) or in the shared database (several). */
  limiter: HitLimiter;
  publicOrigin: string;
  baseCsp: string;
  /** Counts a valid report (the metrics' histograms). */
  onReport: (report: VitalsReport) => void;
  now?: () => number;
}

/** Why a report was refused, for the log (never a value of the report). */
type Refusal = "cross-site" | "rate-limited" | "content-encoding" | "no-body" | "invalid";

/**
 * POST /api/vitals (docs/decisions/0029): a page view's speed report, sent by the
 * browser's `navigator.sendBeacon` when the page is hidden. Same-site only (403), the
 * per-IP limit before the body is read (429 + Retry-After; shared across instances as the
 * forms' limits are), JSON of at most 1 KiB (413), identity-encoded JSON only (415), the
 * report schema (400), then 204. Nothing is stored: the report only moves the metrics'
 * counters. A beacon carries the origin's cookies; this route never reads or sets one.
 */
export function vitalsRoutes(options: VitalsRoutesOptions) {
  const now = options.now ?? Date.now;
  return async function vitalsRoutesPlugin(api: FastifyInstance) {
    api.removeAllContentTypeParsers();
    api.addContentTypeParser(
      JSON_TYPE,
      { parseAs: "string", bodyLimit: VITALS_BODY_MAX_BYTES },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(Object.assign(new Error("malformed JSON"), { statusCode: 400 }), undefined);
        }
      },
    );
    const refuse = (request: { log: FastifyInstance["log"] }, reason: Refusal) =>
      request.log.info({ reason }, "speed report refused");

    api.post("/vitals", {
      bodyLimit: VITALS_BODY_MAX_BYTES,
      onRequest: async (request, reply) => {
        if (isCrossSite(request, options.publicOrigin)) {
          refuse(request, "cross-site");
          return sendError(reply, 403, options.baseCsp);
        }
        let decision: Awaited<ReturnType<HitLimiter["hit"]>>;
        try {
          decision = await options.limiter.hit(`vitals|${clientKey(request.ip)}`, now());
        } catch (error) {
          request.log.error(
            { err: { type: error instanceof Error ? error.name : typeof error } },
            "vitals limiter failure: 503",
          );
          reply.header("retry-after", String(STORAGE_RETRY_AFTER_S));
          return sendError(reply, 503, options.baseCsp);
        }
        if (!decision.allowed) {
          refuse(request, "rate-limited");
          reply.header("retry-after", String(decision.retryAfterS));
          return sendError(reply, 429, options.baseCsp);
        }
        if (!isIdentityEncoding(request.headers["content-encoding"])) {
          refuse(request, "content-encoding");
          return sendError(reply, 415, options.baseCsp);
        }
      },
      preValidation: (request, reply, done) => {
        // A post without a body has no content type to parse: not a report.
        if (request.body === undefined) {
          refuse(request, "no-body");
          sendError(reply, 415, options.baseCsp);
          return;
        }
        done();
      },
      handler: (request, reply) => {
        const report = parseVitalsReport(request.body);
        if (report === null) {
          refuse(request, "invalid");
          return sendError(reply, 400, options.baseCsp);
        }
        options.onReport(report);
        return reply.code(204).header("content-security-policy", options.baseCsp).send();
      },
    });
  };
}
