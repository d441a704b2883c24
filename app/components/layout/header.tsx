import { useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useLocale } from "../../hooks/use-locale.ts";
import { useT } from "../../hooks/use-t.ts";
import { localizePath } from "../../lib/locale.ts";
import { CALLS_TO_ACTION, PRIMARY_NAV } from "../../lib/navigation.ts";
import { BookDemoLink, RegisterLink } from "../ui/calls-to-action.tsx";
import { ClientLink } from "../ui/client-link.tsx";
import { SmartLink } from "../ui/smart-link.tsx";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";

/** Whether this browser has the `popover` attribute (the menu then opens without the app). */
function hasPopover(): boolean {
  return Object.hasOwn(HTMLElement.prototype, "popover");
}

function isPopoverOpen(element: HTMLElement): boolean {
  try {
    return element.matches(":popover-open");
  } catch {
    return false;
  }
}

/**
 * Site header (SPEC §2): logo, main navigation and the two calls to action, 'Book a demo'
 * and 'Try it now', wherever the header shows its navigation. From 1200 px they end the
 * inline navigation; on a tablet, where the navigation is behind the toggle, they sit in the
 * bar beside it (a copy outside the menu, so they show without opening it); on a phone they
 * are in the menu. Only one copy is displayed at any width. On small screens a toggle shows
 * the navigation and sets `nav-showing` on `<body>` (SPEC §4).
 * The navigation is a popover the toggle opens natively, so the menu works before the app
 * has started (docs/decisions/0009); the app follows its state, sets `aria-expanded` (the
 * head's capture script mirrors the popover's state there until then) and `nav-showing`,
 * and closes it on navigation. Where popovers are missing, the app toggles it and the
 * stylesheet shows it from `data-open`; the head's capture script keeps a tap made before
 * the start.
 */
export function Header() {
  const t = useT();
  const locale = useLocale();
  const { pathname } = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [isStarted, setIsStarted] = useState(false);
  const menuId = useId();
  const menuRef = useRef<HTMLDivElement>(null);

  // A menu opened before the start stays open: adopt its state.
  useEffect(() => {
    setIsStarted(true);
    if (menuRef.current && isPopoverOpen(menuRef.current)) setIsMenuOpen(true);
  }, []);

  useEffect(() => {
    // The first render has not adopted the native state yet (see above).
    if (!isStarted) return;
    document.body.classList.toggle("nav-showing", isMenuOpen);
    const menu = menuRef.current;
    if (menu && hasPopover() && isPopoverOpen(menu) !== isMenuOpen) {
      if (isMenuOpen) menu.showPopover();
      else menu.hidePopover();
    }
    // The popover closes itself on Escape; without popovers the app does it.
    if (!isMenuOpen || hasPopover()) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setIsMenuOpen(false);
    };
    document.addEventListener("keydown", handleKeyDown);
    return () => document.removeEventListener("keydown", handleKeyDown);
  }, [isMenuOpen, isStarted]);

  // Any navigation closes the menu (not the first render, which may adopt an open one).
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    setIsMenuOpen(false);
  }, [pathname]);

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <ClientLink to={localizePath("/", locale)} className="site-header__brand">
          <Logo />
          <span className="visually-hidden">{t("common.brandHome")}</span>
        </ClientLink>
        {/* Before the toggle, in the order they show in on a tablet. */}
        <div className="site-header__actions">
          <BookDemoLink section="header" className="button button--secondary" />
          <RegisterLink section="header" className="button button--primary" />
        </div>
        <button
          type="button"
          className="menu-toggle"
          popoverTarget={menuId}
          aria-expanded={isStarted ? isMenuOpen : undefined}
          aria-controls={menuId}
          onClick={() => {
            if (!hasPopover()) setIsMenuOpen((open) => !open);
          }}
        >
          <span className="menu-toggle__icon" aria-hidden="true" />
          <span className="visually-hidden">
            {isMenuOpen ? t("common.nav.menuClose") : t("common.nav.menuOpen")}
          </span>
        </button>
        <div
          ref={menuRef}
          id={menuId}
          className="site-nav"
          popover="auto"
          data-open={isMenuOpen}
          onToggle={(event) => setIsMenuOpen(event.newState === "open")}
        >
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
