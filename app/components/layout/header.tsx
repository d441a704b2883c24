import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { useLocale } from "../../hooks/use-locale.ts";
import { useT } from "../../hooks/use-t.ts";
import { localizePath } from "../../lib/locale.ts";
import { CALLS_TO_ACTION, PRIMARY_NAV } from "../../lib/navigation.ts";
import { BookDemoLink, RegisterLink } from "../ui/calls-to-action.tsx";
import { SmartLink } from "../ui/smart-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";

/**
 * Site header (SPEC §2): logo, main navigation and the two calls to action. On small
 * screens a toggle shows the navigation and sets `nav-showing` on `<body>` (SPEC §4).
 */
export function Header() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    document.body.classList.toggle("nav-showing", isMenuOpen);
    if (!isMenuOpen) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsMenuOpen(false);
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [isMenuOpen]);

  // Any navigation closes the menu; `pathname` is the trigger, not an input.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on navigation only
  useEffect(() => setIsMenuOpen(false), [pathname]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={localizePath("/", locale)} className="site-header__brand">
          <Logo />
          <span className="visually-hidden">{t("common.brandHome")}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={isMenuOpen}
          aria-controls={menuId}
          onClick={() => setIsMenuOpen((open) => !open)}
        >
          <span className="menu-toggle__icon" aria-hidden="true" />
          <span className="visually-hidden">
            {isMenuOpen ? t("common.nav.menuClose") : t("common.nav.menuOpen")}
          </span>
        </button>
        <div id={menuId} className="site-nav" data-open={isMenuOpen}>
          <nav aria-label={t("common.nav.label")}>
            <ul className="site-nav__links">
              {PRIMARY_NAV.map((item) => (
                <li key={item.id}>
                  <SmartLink
                    href={item.href}
                    isNavItem
                    className="site-nav__link"
                    trackingId={`nav-${item.id}`}
                    trackingSection="header"
                  >
                    {t(`common.nav.${item.id}`)}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-nav__actions">
            <SmartLink
              href={CALLS_TO_ACTION.login}
              className="site-nav__link"
              trackingId="nav-login"
              trackingSection="header"
            >
              {t("common.nav.login")}
            </SmartLink>
            <BookDemoLink section="header" className="button button--secondary" />
            <RegisterLink section="header" className="button button--primary" />
          </div>
          <div className="site-nav__languages">
            <LanguageSwitcher />
          </div>
        </div>
      </div>
    </header>
  );
}
