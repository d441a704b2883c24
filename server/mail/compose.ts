import { readFileSync } from "node:fs";
import path from "node:path";
import { IntlMessageFormat } from "intl-messageformat";
import { partnerSchema } from "../../app/lib/forms/partner.ts";
import { referralSchema } from "../../app/lib/forms/referral.ts";
import { charCount } from "../../app/lib/forms/rules.ts";
import { flattenMessages, type NestedMessages } from "../../app/lib/i18n/flatten.ts";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_NAMES,
  LOCALE_TAGS,
  LOCALES,
  type Locale,
  localizePath,
} from "../../app/lib/locale.ts";
import { APP_LINKS, SITE } from "../../app/lib/site-config.ts";
import type { EmailKind } from "../store/schema.ts";

/** An email ready for the transport: bare validated addresses, fixed subject, two bodies. */
export interface OutgoingEmail {
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  lang: string;
}

/** The `mail` catalogue of each locale, flattened (`mail.referral.subject`). */
export type MailCatalogues = Readonly<Record<Locale, Readonly<Record<string, string>>>>;

/** A stored row the worker cannot turn into an email: dead-lettered at once, never retried. */
export class MalformedEmailError extends Error {
  override name = "MalformedEmailError";
}

/** SEC-2: names quoted in an email are cut to this many characters. */
const NAME_LIMIT = 100;

/** Reads `app/locales/<locale>/mail.json` for every locale, once at startup. */
export function loadMailCatalogues(
  localesDir = path.resolve(import.meta.dirname, "../../app/locales"),
): MailCatalogues {
  const entries = LOCALES.map((locale) => {
    const text = readFileSync(path.join(localesDir, locale, "mail.json"), "utf8");
    return [locale, flattenMessages(JSON.parse(text) as NestedMessages, "mail")] as const;
  });
  return Object.fromEntries(entries) as Record<Locale, Record<string, string>>;
}

export interface ComposeOptions {
  catalogues: MailCatalogues;
  /** The company address every email comes from; its domain names the Message-ID. */
  mailFrom: string;
  /** Fixed team address for partner notifications. */
  partnerNotifyTo: string;
}

/** The parts of an outbox row composing needs. */
export interface EmailSource {
  id: string;
  kind: EmailKind;
  locale: string;
  /** The submission's stored JSON. */
  payload: string;
}

/**
 * Builds the email an outbox row stands for (SEC-2). The stored payload is validated again
 * with the form schema, so only validated bare addresses reach the transport, each email
 * has exactly one recipient, the subject is fixed per locale, names are quoted only in the
 * body (cut to 100 characters) and every user value is HTML-escaped. Throws
 * MalformedEmailError for a row that does not validate.
 */
export function composeEmail(source: EmailSource, options: ComposeOptions): OutgoingEmail {
  const locale: Locale = isLocale(source.locale) ? source.locale : DEFAULT_LOCALE;
  const domain = options.mailFrom.slice(options.mailFrom.lastIndexOf("@") + 1);
  const messageId = `<${source.id}@${domain}>`;
  const payload = parseJson(source.payload);
  if (source.kind === "referral") {
    const result = referralSchema.safeParse(payload);
    if (!result.success) throw new MalformedEmailError("stored referral does not validate");
    const data = result.data;
    const t = translator(options.catalogues, locale);
    const names = {
      friendFirstName: cut(data.friendFirstName),
      senderFirstName: cut(data.yourFirstName),
      senderLastName: cut(data.yourLastName),
    };
    return {
      messageId,
      to: data.friendEmail,
      replyTo: null,
      subject: t("mail.referral.subject"),
      lang: LOCALE_TAGS[locale],
      ...render(
        [
          [t("mail.referral.greeting", names)],
          [t("mail.referral.intro", names)],
          [t("mail.referral.offer", names), { link: APP_LINKS.register }],
          [t("mail.referral.signoff"), t("mail.referral.team")],
        ],
        t("mail.referral.footer", names),
        LOCALE_TAGS[locale],
      ),
    };
  }
  const result = partnerSchema.safeParse(payload);
  if (!result.success) throw new MalformedEmailError("stored partner request does not validate");
  const data = result.data;
  if (source.kind === "partner-ack") {
    const t = translator(options.catalogues, locale);
    const values = { firstName: cut(data.firstName), company: cut(data.company) };
    return {
      messageId,
      to: data.email,
      replyTo: null,
      subject: t("mail.partnerAck.subject"),
      lang: LOCALE_TAGS[locale],
      ...render(
        [
          [t("mail.partnerAck.greeting", values)],
          [t("mail.partnerAck.body", values)],
          [
            t("mail.partnerAck.next"),
            { link: `${SITE.origin}${localizePath("/features", locale)}` },
          ],
          [t("mail.partnerAck.signoff"), t("mail.partnerAck.team")],
        ],
        t("mail.partnerAck.footer"),
        LOCALE_TAGS[locale],
      ),
    };
  }
  // The team reads English; the partner's language is one of the listed facts.
  const t = translator(options.catalogues, DEFAULT_LOCALE);
  const facts: [string, string][] = [
    [t("mail.partnerNotify.firstName"), cut(data.firstName)],
    [t("mail.partnerNotify.lastName"), cut(data.lastName)],
    [t("mail.partnerNotify.email"), data.email],
    [t("mail.partnerNotify.company"), data.company],
    [t("mail.partnerNotify.practiceType"), data.practiceType],
    [t("mail.partnerNotify.clientNumber"), data.clientNumber],
    [t("mail.partnerNotify.locale"), LOCALE_NAMES[locale]],
  ];
  const notes = data.notes === "" ? t("mail.partnerNotify.noNotes") : data.notes;
  const text = [
    t("mail.partnerNotify.intro"),
    "",
    ...facts.map(([label, value]) => `${label}: ${value}`),
    "",
    `${t("mail.partnerNotify.notes")}:`,
    notes,
    "",
  ].join("\n");
  const rows = facts
    .map(
      ([label, value]) =>
        `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = page(
    LOCALE_TAGS[DEFAULT_LOCALE],
    `<p>${escapeHtml(t("mail.partnerNotify.intro"))}</p><table>${rows}</table>` +
      `<p><strong>${escapeHtml(t("mail.partnerNotify.notes"))}</strong></p>` +
      `<p style="white-space:pre-wrap">${escapeHtml(notes)}</p>`,
  );
  return {
    messageId,
    to: options.partnerNotifyTo,
    // A validated bare address, so the team can answer the partner directly.
    replyTo: data.email,
    subject: t("mail.partnerNotify.subject"),
    lang: LOCALE_TAGS[DEFAULT_LOCALE],
    text,
    html,
  };
}

type Paragraph = [string, ...(string | { link: string })[]];

/** Paragraphs (lines inside one paragraph) and a footer, as text/plain and escaped HTML. */
function render(paragraphs: Paragraph[], footer: string, lang: string) {
  const lineText = (line: string | { link: string }) =>
    typeof line === "string" ? line : line.link;
  const lineHtml = (line: string | { link: string }) =>
    typeof line === "string"
      ? escapeHtml(line)
      : `<a href="${escapeHtml(line.link)}">${escapeHtml(line.link)}</a>`;
  const text = `${paragraphs.map((lines) => lines.map(lineText).join("\n")).join("\n\n")}\n\n-- \n${footer}\n`;
  const body =
    paragraphs.map((lines) => `<p>${lines.map(lineHtml).join("<br>")}</p>`).join("") +
    `<hr><p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>`;
  return { text, html: page(lang, body) };
}

function page(lang: string, body: string): string {
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1a1a2e">${body}</body></html>`
  );
}

function translator(catalogues: MailCatalogues, locale: Locale) {
  const messages = catalogues[locale];
  return (id: string, values?: Record<string, string>): string => {
    const message = messages[id] ?? catalogues[DEFAULT_LOCALE][id];
    if (message === undefined) throw new Error(`missing mail message ${id}`);
    return String(new IntlMessageFormat(message, LOCALE_TAGS[locale]).format(values));
  };
}

/** SEC-2: at most 100 characters of a name (whole code points). */
function cut(value: string): string {
  return charCount(value) <= NAME_LIMIT ? value : [...value].slice(0, NAME_LIMIT).join("");
}

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new MalformedEmailError("stored payload is not JSON");
  }
}
