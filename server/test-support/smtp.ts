import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message the test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** When the server accepted it (Date.now(), just before its 250 answer). */
  at: number;
}

/**
 * What the server answers: accept, or reject RCPT with a status (450 transient, 550
 * permanent); `dataDelayMs` holds each message that long before accepting it.
 */
export interface SmtpBehaviour {
  rcptStatus: number | null;
  dataDelayMs: number;
}

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) that records what it accepts.
 * `stop()` and `start()` on the same port simulate an outage.
 */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  readonly behaviour: SmtpBehaviour = { rcptStatus: null, dataDelayMs: 0 };
  /** Messages being received right now. */
  inFlight = 0;
  port = 0;
  #server: SMTPServer | null = null;

  async start(port = this.port): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      // No DNS here: a reverse lookup of 127.0.0.1 would stall every connection.
      disableReverseLookup: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        const status = this.behaviour.rcptStatus;
        if (status === null) return callback();
        const error = Object.assign(new Error(`rejected ${address.address}`), {
          responseCode: status,
        });
        callback(error);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        this.inFlight += 1;
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          setTimeout(() => {
            this.inFlight -= 1;
            this.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks).toString("utf8"),
              at: Date.now(),
            });
            callback();
          }, this.behaviour.dataDelayMs);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        // Clients killed mid-session reset their connections: expected, not a test failure.
        server.on("error", () => {});
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** Polls `check` every 50 ms until it returns true or `timeoutMs` passes. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
