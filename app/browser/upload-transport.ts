import type { Payload, Plugin, Response, Transport } from "@amplitude/analytics-core";
import {
  buildUploadBody,
  forceHttps,
  type UploadOptions,
  uploadResponse,
} from "../lib/analytics/legacy-upload.ts";

export interface UploadTransportOptions extends UploadOptions {
  /** Clock for `upload_time` (tests pass a fake one). */
  now?: () => number;
  /** HTTP client (tests pass a fake one). */
  fetch?: typeof fetch;
}

/**
 * SPEC §7 upload transport for the Amplitude SDK: a form-encoded POST in the classic format
 * (`client`, `e`, `v=2`, `upload_time`, `checksum`) to the upload URL forced to HTTPS. The
 * answer is mapped to the SDK's statuses (see `uploadResponse`), so the SDK's destination
 * keeps doing the batching, retries and 413 halving. A network error rejects, which the SDK
 * retries like a failed upload. A form body needs no CORS preflight.
 */
export class UploadTransport implements Transport {
  readonly #options: UploadOptions;
  readonly #now: () => number;
  readonly #fetch: typeof fetch;

  constructor({ now = Date.now, fetch: fetchImpl, ...options }: UploadTransportOptions) {
    this.#options = options;
    this.#now = now;
    this.#fetch = fetchImpl ?? ((input, init) => fetch(input, init));
  }

  async send(serverUrl: string, payload: Payload): Promise<Response | null> {
    const body = buildUploadBody(payload, this.#now(), this.#options);
    const response = await this.#fetch(forceHttps(serverUrl), { method: "POST", body });
    return uploadResponse(response.status, await response.text(), payload.events.length);
  }
}

/**
 * The browser SDK builds its transport from the `transport` option (fetch, xhr or beacon)
 * and ignores a `transportProvider` passed to `init`, so this plugin sets it on the config
 * when the SDK sets plugins up. Added before `init`, it runs before the SDK's destination
 * exists, so every upload goes through `transport`.
 */
export function uploadTransportPlugin(transport: Transport): Plugin {
  return {
    name: "beyond-upload-transport",
    type: "before",
    async setup(config) {
      config.transportProvider = transport;
    },
  };
}
