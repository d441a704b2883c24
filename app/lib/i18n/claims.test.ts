import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { Locale } from "../locale.ts";
import { flattenMessages, type NestedMessages } from "./flatten.ts";
import { NAMESPACES } from "./namespaces.ts";

/**
 * The site states only what the spec states about the product (SPEC §1: actuals synced
 * nightly and on demand, automatic rules, drivers, reports, four languages, EU hosting, the
 * 30-day trial). These are the kinds of claim the catalogues once made without a source, in
 * each language: a read-only or never-writes promise about the customer's books, "trusted by
 * millions", what most teams or many customers do, and how many clicks or minutes a task
 * takes. A new one fails here; a sourced fact belongs in the spec first.
 */
const UNSOURCED: Record<Locale, RegExp[]> = {
  en: [
    /read-only (access|connection)|never (writes|creates)|only reads/i,
    /millions|most teams|many customers|trusted by/i,
    /few clicks|couple of clicks|in minutes\b/i,
  ],
  de: [
    /nur lesend|schreibt niemals|ausschließlich aus|legt.* nichts an/i,
    /Millionen|die meisten Teams|viele Kunden/i,
    /wenigen Klicks|wenigen Minuten/i,
  ],
  es: [
    /(acceso|conexión) de solo lectura|nunca (escribe|crea)|solo lee/i,
    /millones|la mayoría de los equipos|muchos clientes/i,
    /unos (pocos )?clics|par de clics|en minutos/i,
  ],
  fr: [
    /(accès|connexion) en lecture seule|sans jamais écrire|ne crée.* jamais|se contente de lire/i,
    /millions|la plupart des équipes|beaucoup de clients/i,
    /quelques clics|quelques minutes/i,
  ],
};

/** Legal documents state obligations, not product claims. */
const CHECKED = NAMESPACES.filter((namespace) => namespace !== "terms" && namespace !== "privacy");

function messages(locale: Locale): Array<[string, string]> {
  return CHECKED.flatMap((namespace) => {
    const path = join(import.meta.dirname, "../../locales", locale, `${namespace}.json`);
    const nested = JSON.parse(readFileSync(path, "utf8")) as NestedMessages;
    return Object.entries(flattenMessages(nested, namespace));
  });
}

test.each(Object.keys(UNSOURCED) as Locale[])("%s: no claim the spec does not make", (locale) => {
  const found = messages(locale)
    .filter(([, text]) => UNSOURCED[locale].some((pattern) => pattern.test(text)))
    .map(([key]) => key);
  expect(found).toEqual([]);
});

test("the check reads the catalogues (it would have caught the read-only claims)", () => {
  expect(messages("en").length).toBeGreaterThan(300);
  const caught = (locale: Locale, text: string) =>
    UNSOURCED[locale].some((pattern) => pattern.test(text));
  expect(caught("en", "Read-only connection: your Xero data stays exactly as it is")).toBe(true);
  expect(caught("de", "Nur lesender Zugriff")).toBe(true);
  expect(caught("es", "Acceso de solo lectura")).toBe(true);
  expect(caught("fr", "Beyond ne crée, ne modifie et ne supprime jamais rien dans Xero.")).toBe(
    true,
  );
  // The view-only reporting role of the spec's pricing stays nameable.
  expect(caught("es", "Informes de solo lectura")).toBe(false);
  expect(caught("fr", "Reporting en lecture seule")).toBe(false);
});
