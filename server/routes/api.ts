import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { sendError } from "../errors.ts";

/** Options of the API plugin, registered under the `/api` prefix. */
export interface ApiOptions {
  /** Route modules to mount under `/api` (each sees paths relative to the prefix). */
  routes: readonly FastifyPluginAsync[];
  /** Policy for JSON answers: the site CSP without script hashes. */
  baseCsp: string;
}

/**
 * The API scope. Route modules from `server/routes/` plug in through `routes`; any other
 * `/api/*` path, for any method, gets a JSON 404 rather than the HTML not-found page.
 * Responses stay `no-store` (the default set in the root hook), as SEC-6 asks for the API.
 */
export async function apiPlugin(app: FastifyInstance, options: ApiOptions) {
  for (const routes of options.routes) await app.register(routes);
  app.all("/*", (_request, reply) => sendError(reply, 404, options.baseCsp));
}
