/** Thrown when the server answered, but not with a 2xx. */
class PostFailedError extends Error {
  readonly status: number;

  constructor(status: number) {
    super(`The server answered ${status}`);
    this.name = "PostFailedError";
    this.status = status;
  }
}

/**
 * SPEC §7: posts a form-encoded body. A script's post is never a navigation, so the server
 * answers with its status and a short JSON body (docs/form-api.md); `Accept` says so
 * explicitly. The answer's body is ignored; a network error or a non-2xx status rejects.
 */
export async function postForm(url: string, body: string): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
      Accept: "application/json",
    },
    body,
    credentials: "same-origin",
  });
  if (!response.ok) throw new PostFailedError(response.status);
}
