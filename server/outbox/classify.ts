/** How a failed send is handled (REL-3). */
export type FailureKind = "transient" | "permanent";

/** The fields of a nodemailer error that decide whether to retry. */
export interface SendErrorLike {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

/** SMTP commands whose 5xx answer means this message can never be delivered. */
const PERMANENT_COMMANDS = new Set(["RCPT TO", "DATA", "DATA END"]);

/**
 * 5xx replies to RCPT or DATA are permanent (dead-letter at once, no retry storm), as is
 * nodemailer refusing the envelope or message itself; 4xx replies, connection errors,
 * timeouts and anything unknown are transient and retried on schedule.
 */
export function classifySendError(error: SendErrorLike): FailureKind {
  const status = typeof error.responseCode === "number" ? error.responseCode : 0;
  const command = typeof error.command === "string" ? error.command.toUpperCase() : "";
  if (status >= 500 && status < 600 && PERMANENT_COMMANDS.has(command)) return "permanent";
  if (status === 0 && (error.code === "EENVELOPE" || error.code === "EMESSAGE")) return "permanent";
  return "transient";
}

/**
 * A short description of a send failure safe to store and log: the error code, SMTP status
 * and command only, never the server's text (it can echo addresses) or a stack.
 */
export function describeSendError(error: SendErrorLike): string {
  const parts = [
    typeof error.code === "string" ? error.code : "ERROR",
    typeof error.responseCode === "number" ? String(error.responseCode) : null,
    typeof error.command === "string" ? error.command : null,
  ];
  return parts
    .filter((part) => part !== null)
    .join(" ")
    .slice(0, 100);
}
