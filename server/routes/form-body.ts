/** A 4xx error Fastify's error handler turns into a generic JSON answer (SEC-4). */
class ClientError extends Error {
  readonly statusCode: number;
  /** Reason code for the log line (SEC-8). */
  readonly code: string;
  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
}

/**
 * Parses an `application/x-www-form-urlencoded` body (SEC-1) into a prototype-free record,
 * so `__proto__` or `constructor` keys are plain inert entries. A key given twice is
 * parameter pollution: 400. Malformed percent-encoding decodes to U+FFFD rather than
 * throwing, and the field rules then judge the text.
 */
export function parseFormBody(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, key))
      throw new ClientError(400, "FORM_DUPLICATE_FIELD", "duplicate form field");
    fields[key] = value;
  }
  return fields;
}

/** Only identity bodies are read: a compressed body could be a zip bomb (SEC-1). */
export function isIdentityEncoding(header: string | undefined): boolean {
  if (header === undefined) return true;
  const codings = header
    .split(",")
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== "");
  return codings.every((coding) => coding === "identity");
}
