import { z } from "zod";
import type { EmailKind } from "../store/schema.ts";
import type { StoredSubmission } from "../store/subject-requests.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Who receives each kind of email, in the export's words. */
const EMAIL_RECIPIENT: Readonly<Record<EmailKind, "friend" | "partner" | "team">> = {
  referral: "friend",
  "partner-ack": "partner",
  "partner-notify": "team",
};

const isoTime = z.iso.datetime();
const hex = z.string().regex(/^[0-9a-f]*$/);

/**
 * PRIV-3: version 1 of `npm run submissions -- export` (docs/privacy-operations.md describes each
 * field): the copy of a person's data in a portable format, complete — every stored field
 * of every submission that mentions the address, and every email's state and times. A
 * later version adds fields or bumps `version`; it never changes what a field means.
 */
const emailSchema = z.strictObject({
  messageId: z.string(),
  kind: z.enum(["referral", "partner-notify", "partner-ack"]),
  recipient: z.enum(["friend", "partner", "team"]),
  state: z.enum(["pending", "sent", "dead"]),
  attempts: z.number().int().nonnegative(),
  queuedAt: isoTime,
  nextAttemptAt: isoTime,
  sentAt: isoTime.nullable(),
  lastError: z.string().nullable(),
  sendingSince: isoTime.nullable(),
  leaseOwner: z.string().nullable(),
  leasedUntil: isoTime.nullable(),
});

const submissionSchema = z.strictObject({
  id: z.string(),
  kind: z.enum(["referral", "partner"]),
  roles: z.array(z.enum(["referrer", "friend", "partner"])).min(1),
  submittedAt: isoTime,
  deleteBy: isoTime,
  locale: z.string(),
  status: z.enum(["queued", "suppressed"]),
  fields: z.record(z.string(), z.string()),
  friendFieldsRemovedAt: isoTime.nullable(),
  keys: z.strictObject({
    sender: hex.nullable(),
    recipient: hex.nullable(),
    fingerprint: hex,
  }),
  emails: z.array(emailSchema),
});

export const exportSchema = z.strictObject({
  format: z.literal("beyond.personal-data-export"),
  version: z.literal(1),
  exportedAt: isoTime,
  address: z.string(),
  retentionDays: z.number().int().positive(),
  submissions: z.array(submissionSchema),
});

export type PersonalDataExport = z.infer<typeof exportSchema>;

/**
 * The export of everything stored about `address` (already normalised), in version 1 of
 * the shape. `messageDomain` is the domain of MAIL_FROM, which names each email's
 * Message-ID (`<outbox id@domain>`) as the recipient's mailbox shows it.
 */
export function personalDataExport(
  address: string,
  found: readonly StoredSubmission[],
  options: { nowMs: number; retentionDays: number; messageDomain: string },
): PersonalDataExport {
  const iso = (ms: number) => new Date(ms).toISOString();
  const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));
  return exportSchema.parse({
    format: "beyond.personal-data-export",
    version: 1,
    exportedAt: iso(options.nowMs),
    address,
    retentionDays: options.retentionDays,
    submissions: found.map((submission) => ({
      id: submission.id,
      kind: submission.kind,
      roles: submission.roles,
      submittedAt: iso(submission.createdAt),
      deleteBy: iso(submission.createdAt + options.retentionDays * DAY_MS),
      locale: submission.locale,
      status: submission.status,
      fields: submission.payload,
      friendFieldsRemovedAt: isoOrNull(submission.minimisedAt),
      keys: {
        sender: submission.senderKey,
        recipient: submission.recipientKey,
        fingerprint: submission.fingerprint,
      },
      emails: submission.emails.map((email) => ({
        messageId: `<${email.id}@${options.messageDomain}>`,
        kind: email.kind,
        recipient: EMAIL_RECIPIENT[email.kind],
        state: email.state,
        attempts: email.attempts,
        queuedAt: iso(email.createdAt),
        nextAttemptAt: iso(email.nextAttemptAt),
        sentAt: isoOrNull(email.sentAt),
        lastError: email.lastError,
        sendingSince: isoOrNull(email.sendingSince),
        leaseOwner: email.leaseOwner,
        leasedUntil: isoOrNull(email.leaseUntil),
      })),
    })),
  });
}
