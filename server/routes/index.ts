import type { FastifyPluginAsync } from "fastify";

/**
 * API route modules, mounted under `/api` in this order. A new endpoint is a plugin in
 * `server/routes/` added here; the root hook already gives it the security headers,
 * `cache-control: no-store` and the generic JSON error handler.
 */
export const API_ROUTES: readonly FastifyPluginAsync[] = [];
