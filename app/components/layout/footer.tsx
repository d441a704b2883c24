import { useT } from "../../hooks/use-t.ts";
import { CALLS_TO_ACTION, LEGAL_LINKS, PRIMARY_NAV, SOCIAL_LINKS } from "../../lib/navigation.ts";
import { SITE } from "../../lib/site-config.ts";
import { CookieSettingsButton } from "../consent/cookie-settings-button.tsx";
import { SmartLink } from "../ui/smart-link.tsx";

/** Fixed at build time so prerendered and hydrated footers always agree. */
const BUILD_YEAR = Number(import.meta.env.VITE_BUILD_YEAR);

import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { LinkedInIcon, TwitterIcon } from "./social-icons.tsx";

/** Site footer (SPEC §2): header links plus register, legal pages, integration and social. */
export function Footer() {
  const t = useT();
  const internalLinks = PRIMARY_NAV.filter((item) => item.href.startsWith("/"));
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo />
          <p>{t("common.footer.tagline")}</p>
          <p className="site-footer__hosting">{t("common.footer.hosting")}</p>
        </div>
        <nav className="site-footer__column" aria-labelledby="footer-product">
          <h2 id="footer-product">{t("common.footer.productHeading")}</h2>
          <ul>
            {internalLinks.map((item) => (
              <li key={item.id}>
                <SmartLink href={item.href}>{t(`common.nav.${item.id}`)}</SmartLink>
              </li>
            ))}
            <li>
              <SmartLink href="/xero-integration">{t("common.footer.integration")}</SmartLink>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-company">
          <h2 id="footer-company">{t("common.footer.companyHeading")}</h2>
          <ul>
            <li>
              <SmartLink href={SITE.blog} trackingId="footer-blog" trackingSection="footer">
                {t("common.nav.blog")}
              </SmartLink>
            </li>
            <li>
              <SmartLink href={CALLS_TO_ACTION.login} trackingId="login" trackingSection="footer">
                {t("common.nav.login")}
              </SmartLink>
            </li>
            <li>
              <SmartLink
                href={CALLS_TO_ACTION.tryNow}
                trackingId="register"
                trackingSection="footer"
              >
                {t("common.footer.register")}
              </SmartLink>
            </li>
            <li>
              <SmartLink
                href={CALLS_TO_ACTION.bookDemo}
                trackingId="book-demo"
                trackingSection="footer"
              >
                {t("common.nav.bookDemo")}
              </SmartLink>
            </li>
            <li>
              <SmartLink
                href={`mailto:${SITE.supportEmail}`}
                trackingId="support-email"
                trackingSection="footer"
              >
                {t("common.footer.support")}
              </SmartLink>
            </li>
          </ul>
        </nav>
        <nav className="site-footer__column" aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t("common.footer.legalHeading")}</h2>
          <ul>
            <li>
              <SmartLink href={LEGAL_LINKS.privacy}>{t("common.footer.privacy")}</SmartLink>
            </li>
            <li>
              <SmartLink href={LEGAL_LINKS.terms}>{t("common.footer.terms")}</SmartLink>
            </li>
            <li>
              <SmartLink href={LEGAL_LINKS.cookies}>{t("common.footer.cookies")}</SmartLink>
            </li>
            <li>
              <SmartLink href={LEGAL_LINKS.accessibility}>
                {t("common.footer.accessibility")}
              </SmartLink>
            </li>
            <li>
              <CookieSettingsButton />
            </li>
          </ul>
        </nav>
        <div className="site-footer__column">
          <h2>{t("common.footer.followHeading")}</h2>
          <ul className="site-footer__social">
            <li>
              <SmartLink
                href={SOCIAL_LINKS.twitter}
                className="site-footer__icon-link"
                trackingId="twitter"
                trackingSection="footer"
              >
                <TwitterIcon />
                <span className="visually-hidden">{t("common.footer.twitter")}</span>
              </SmartLink>
            </li>
            <li>
              <SmartLink
                href={SOCIAL_LINKS.linkedIn}
                className="site-footer__icon-link"
                trackingId="linkedin"
                trackingSection="footer"
              >
                <LinkedInIcon />
                <span className="visually-hidden">{t("common.footer.linkedIn")}</span>
              </SmartLink>
            </li>
          </ul>
        </div>
      </div>
      {/* The languages get a row of their own: in a fifth of the grid they wrapped one by one. */}
      <div className="container site-footer__bottom">
        <p>{t("common.footer.copyright", { year: BUILD_YEAR })}</p>
        <LanguageSwitcher />
      </div>
    </footer>
  );
}
