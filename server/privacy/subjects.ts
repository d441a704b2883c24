import type { SubmissionKind } from "../store/schema.ts";

/**
 * How a person appears in a submission: who referred a friend, the friend referred, or who
 * asked to join the partner programme.
 */
export type SubjectRole = "referrer" | "friend" | "partner";

/**
 * The referred friend's fields (PRIV-2). The friend never used the site: their name and address
 * serve the one referral email, and leave the stored payload once it is sent or given up
 * (or at once when no email is queued).
 */
const FRIEND_FIELDS = ["friendFirstName", "friendLastName", "friendEmail"] as const;

/** The addresses a submission's payload names: who sent it, and whom it refers (referrals). */
export function subjectAddresses(
  kind: SubmissionKind,
  payload: Readonly<Record<string, string>>,
): { sender: string | null; recipient: string | null } {
  if (kind === "referral") {
    return { sender: payload.yourEmail ?? null, recipient: payload.friendEmail ?? null };
  }
  return { sender: payload.email ?? null, recipient: null };
}

/** The payload without the referred friend's fields. */
export function withoutFriend(payload: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [field, value] of Object.entries(payload)) {
    if (!(FRIEND_FIELDS as readonly string[]).includes(field)) kept[field] = value;
  }
  return kept;
}

/** The roles in which the address with `key` appears in a stored submission. */
export function rolesOf(
  row: { kind: SubmissionKind; sender_key: string | null; recipient_key: string | null },
  key: string,
): SubjectRole[] {
  const roles: SubjectRole[] = [];
  if (row.sender_key === key) roles.push(row.kind === "referral" ? "referrer" : "partner");
  if (row.recipient_key === key) roles.push("friend");
  return roles;
}
