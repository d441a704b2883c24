import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { OutgoingEmail } from "./compose.ts";

/**
 * Emails in flight at once, so also the SMTP pool size. One: a crash then duplicates at
 * most the single email being sent (REL-4: at most 1 duplicate per kill).
 */
export const SEND_CONCURRENCY = 1;

/** SMTP client limits in ms. */
export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

/** REL-3 SMTP client limits: a silent server cannot stall the worker longer than these. */
const SMTP_TIMEOUTS: Readonly<SmtpTimeouts> = {
  connectionMs: 10_000,
  greetingMs: 30_000,
  socketMs: 60_000,
};

/**
 * The worker gives up waiting for one send after this and counts it as a transient failure
 * (server/outbox/worker.ts).
 */
export const SEND_DEADLINE_MS = 2 * 60_000;

/**
 * The longest an email handed to the transport can still be on its way (issue 49): the
 * send deadline, plus the socket's inactivity timeout that cuts a send still stalled then.
 * An erasure waits this long after a send mark that no worker settled.
 */
export const SEND_WINDOW_MS = SEND_DEADLINE_MS + SMTP_TIMEOUTS.socketMs;

/** Sends one email or throws (a nodemailer error, classified by the worker). */
export interface MailTransport {
  /** `smtp` or `files`, for the startup log. */
  readonly mode: "smtp" | "files";
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export interface TransportOptions {
  /** SMTP server URL; without it emails are written as `.eml` files under `mailDir`. */
  smtpUrl: string | null;
  /** Where `.eml` files go when there is no SMTP server. */
  mailDir: string;
  /** The company's sender address. */
  mailFrom: string;
  /** Overrides for tests. */
  timeouts?: Partial<SmtpTimeouts>;
}

/** The brand shown as the sender's name; never a visitor's name (SEC-2). */
const FROM_NAME = "Beyond";

/**
 * Creates the transport: nodemailer over SMTP when `smtpUrl` is set (a small connection
 * pool, REL-3 timeouts), otherwise nodemailer's stream transport writing each email to
 * `mailDir/<outbox id>.eml`, so `npm start` works with nothing else installed. The envelope
 * is set explicitly to the one validated recipient (SEC-2), and nodemailer may not read
 * files or URLs while building the message.
 */
export function createMailTransport(options: TransportOptions): MailTransport {
  const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
  const message = (email: OutgoingEmail) => ({
    from: { name: FROM_NAME, address: options.mailFrom },
    to: email.to,
    ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    envelope: { from: options.mailFrom, to: [email.to] },
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    headers: { "Content-Language": email.lang, "Auto-Submitted": "auto-generated" },
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: options.smtpUrl,
      // One reused connection instead of a handshake per email.
      pool: true,
      maxConnections: SEND_CONCURRENCY,
      maxMessages: 100,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      // Never log message contents or credentials.
      logger: false,
      debug: false,
    });
    return {
      mode: "smtp",
      send: async (email) => {
        await transporter.sendMail(message(email));
      },
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return {
    mode: "files",
    send: async (email) => {
      const info = (await transporter.sendMail(message(email))) as { message: Buffer };
      await mkdir(options.mailDir, { recursive: true });
      const name = email.messageId.slice(1, email.messageId.indexOf("@"));
      const target = path.join(options.mailDir, `${name}.eml`);
      // Write then rename: a crash never leaves half an email behind.
      const partial = `${target}.${randomUUID()}.tmp`;
      await writeFile(partial, info.message);
      await rename(partial, target);
    },
    close: () => transporter.close(),
  };
}
