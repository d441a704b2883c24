import { COOKIES } from "../../content/legal.ts";
import { useT } from "../../hooks/use-t.ts";
import { formatLifetime } from "../../lib/legal/lifetime.ts";

/** Every cookie and storage key the site can set, with purpose, lifetime and consent. */
export function CookieTable() {
  const t = useT();
  return (
    // A keyboard user must be able to scroll the table on a phone (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so the scrollable region is keyboard-operable
    <section className="cookie-table" aria-labelledby="cookie-table-caption" tabIndex={0}>
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
                <code>{cookie.name}</code>
                <span className="cookie-table__storage">
                  {t(`privacy.cookies.storage.${cookie.storage}`)}
                </span>
              </th>
              <td>{t(`privacy.cookies.providers.${cookie.provider}`)}</td>
              <td>{t(`privacy.cookies.purposes.${cookie.purpose}`)}</td>
              <td>
                {cookie.lifetime.unit === "session" || cookie.lifetime.unit === "untilSent"
                  ? t(`privacy.cookies.lifetime.${cookie.lifetime.unit}`)
                  : formatLifetime(cookie.lifetime, t.locale)}
              </td>
              <td>
                <span className={`cookie-table__consent cookie-table__consent--${cookie.consent}`}>
                  {t(`privacy.cookies.consent.${cookie.consent}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
