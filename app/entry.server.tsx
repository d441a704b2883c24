import { PassThrough, Readable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

/** Milliseconds before a render that never finishes is aborted (the build then fails). */
const RENDER_TIMEOUT_MS = 6_000;

/**
 * React Router's default server entry, except that every page waits for all its content
 * (`onAllReady`) before the first byte. Pages are rendered once, at build time, into static
 * HTML (decision record 2), so streaming gains nothing; and a Suspense boundary that was
 * not ready when the shell was, or larger than React's progressive chunk (HydrationPart,
 * decision record 0012), would otherwise be sent hidden at the end of the page and shown by
 * a script: invisible without JavaScript, and painted later with it.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      RENDER_TIMEOUT_MS,
    );
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // React outlines a finished boundary larger than this many bytes (12,800 by
        // default) to paint the shell sooner when streaming; a static page has no sooner.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(
            new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          console.error(error);
        },
      },
    );
  });
}
