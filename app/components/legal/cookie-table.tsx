import { Fragment } from "react";
import { COOKIES } from "../../content/legal.ts";
import { useT } from "../../hooks/use-t.ts";
import { identifierBreaks } from "../../lib/legal/identifier-breaks.ts";

/**
 * Every cookie and storage key the site can set, with purpose, lifetime and consent, and
 * under it what is measured without setting either (the speed reports). A
 * table where there is room; on a phone each cookie becomes a card of labelled rows (the
 * labels are the column headings, carried in `data-label`), so nothing scrolls sideways.
 * `lifetimes` holds the lifetimes written out in the page's locale (see the route's loader),
 * by cookie name.
 */
export function CookieTable({ lifetimes }: { lifetimes: Readonly<Record<string, string>> }) {
  const t = useT();
  const label = (column: "provider" | "purpose" | "lifetime" | "consent") =>
    t(`privacy.cookies.columns.${column}`);
  return (
    <section className="cookie-table" aria-labelledby="cookie-table-caption">
      <table>
        <caption id="cookie-table-caption">{t("privacy.cookies.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("privacy.cookies.columns.name")}</th>
            <th scope="col">{t("privacy.cookies.columns.provider")}</th>
            <th scope="col">{t("privacy.cookies.columns.purpose")}</th>
            <th scope="col">{t("privacy.cookies.columns.lifetime")}</th>
            <th scope="col">{t("privacy.cookies.columns.consent")}</th>
          </tr>
        </thead>
        <tbody>
          {COOKIES.map((cookie) => (
            <tr key={cookie.name}>
              <th scope="row">
                <code>
                  {identifierBreaks(cookie.name).map((piece, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed name
                    <Fragment key={index}>
                      {index > 0 && <wbr />}
                      {piece}
                    </Fragment>
                  ))}
                </code>
                <span className="cookie-table__storage">
                  {t(`privacy.cookies.storage.${cookie.storage}`)}
                </span>
              </th>
              <td data-label={label("provider")}>
                {t(`privacy.cookies.providers.${cookie.provider}`)}
              </td>
              <td data-label={label("purpose")}>
                {t(`privacy.cookies.purposes.${cookie.purpose}`)}
              </td>
              <td data-label={label("lifetime")}>
                {cookie.lifetime.unit === "session" || cookie.lifetime.unit === "untilSent"
                  ? t(`privacy.cookies.lifetime.${cookie.lifetime.unit}`)
                  : lifetimes[cookie.name]}
              </td>
              <td data-label={label("consent")}>
                <span className={`cookie-table__consent cookie-table__consent--${cookie.consent}`}>
                  {t(`privacy.cookies.consent.${cookie.consent}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="cookie-table__note">{t("privacy.cookies.note")}</p>
    </section>
  );
}
