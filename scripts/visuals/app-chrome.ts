/**
 * The frame shared by every product mock-up: the Beyond app's sidebar, top bar and styles.
 * The mock-ups are plain HTML so Chromium renders them exactly like the real product's UI.
 */

import type { MockupText } from "./mockup-text.ts";

const APP_CSS = `
* { box-sizing: border-box; }
html, body { margin: 0; }
body {
  font-family: "Inter Variable", "Inter", system-ui, sans-serif;
  font-size: 12px; color: #23324a; background: #f4f7fb;
  -webkit-font-smoothing: antialiased; font-feature-settings: "tnum" 1, "cv11" 1;
}
.app { display: grid; grid-template-columns: 168px 1fr; width: 100vw; height: 100vh; overflow: hidden; }
.side { background: #0b1f3a; color: #aebbd0; padding: 16px 12px; display: flex; flex-direction: column; gap: 2px; }
.brand { display: flex; align-items: center; gap: 8px; color: #fff; font-weight: 750; font-size: 15px; margin: 0 6px 18px; letter-spacing: -0.02em; }
.brand i { width: 22px; height: 22px; border-radius: 6px; background: linear-gradient(135deg,#2152d9,#35d0a5); display: inline-block; }
.nav { display: flex; align-items: center; gap: 9px; padding: 7px 8px; border-radius: 7px; font-weight: 550; }
.nav svg { flex: none; opacity: .85; }
.nav span { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.nav.on { background: rgba(255,255,255,.09); color: #fff; }
.side .sep { margin: 14px 8px 6px; font-size: 10px; text-transform: uppercase; letter-spacing: .08em; color: #7d8ca5; }
.main { display: flex; flex-direction: column; min-width: 0; }
.top { height: 48px; display: flex; align-items: center; gap: 10px; padding: 0 20px; background: #fff; border-bottom: 1px solid #dde4ee; }
.top h1 { font-size: 15px; margin: 0 auto 0 0; color: #0b1f3a; letter-spacing: -0.01em; }
.pill { border: 1px solid #dde4ee; border-radius: 999px; padding: 4px 10px; font-weight: 600; color: #23324a; background: #fff; white-space: nowrap; }
.pill.primary { background: #2152d9; border-color: #2152d9; color: #fff; }
.avatar { width: 22px; height: 22px; border-radius: 50%; display: inline-grid; place-items: center; font-size: 9px; font-weight: 700; color: #fff; flex: none; }
.content { padding: 16px 20px; display: flex; flex-direction: column; gap: 14px; min-height: 0; }
.card { background: #fff; border: 1px solid #dde4ee; border-radius: 10px; box-shadow: 0 1px 2px rgb(11 31 58 / .05); }
.kpis { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; }
.kpi { padding: 12px 14px; }
.kpi small { display: block; color: #51627c; font-weight: 550; margin-bottom: 4px; }
.kpi strong { font-size: 19px; color: #0b1f3a; letter-spacing: -0.02em; }
.kpi em { font-style: normal; font-weight: 650; font-size: 11px; margin-left: 6px; }
.up { color: #0a6b52; } .down { color: #b42318; }
table { width: 100%; border-collapse: collapse; }
th { text-align: left; font-size: 10.5px; text-transform: uppercase; letter-spacing: .06em; color: #51627c; font-weight: 650; padding: 9px 12px; border-bottom: 1px solid #dde4ee; background: #f8fafd; }
td { padding: 8px 12px; border-bottom: 1px solid #eef2f7; white-space: nowrap; }
tr:last-child td { border-bottom: 0; }
td.n, th.n { text-align: right; }
.who { display: flex; align-items: center; gap: 7px; }
.chip { display: inline-block; padding: 2px 7px; border-radius: 999px; font-weight: 650; font-size: 11px; }
.chip.good { background: #e3f7f0; color: #0a6b52; } .chip.bad { background: #fdecea; color: #b42318; } .chip.mid { background: #fff4e0; color: #8a5300; }
.bar { height: 6px; border-radius: 3px; background: #e8efff; overflow: hidden; width: 90px; }
.bar i { display: block; height: 100%; background: #2152d9; border-radius: 3px; }
.bar i.over { background: #e5484d; }
.card h2 { font-size: 13px; margin: 0; color: #0b1f3a; }
.card header { display: flex; align-items: center; justify-content: space-between; padding: 12px 14px 0; gap: 8px; }
.muted { color: #51627c; }
.legend { display: flex; gap: 12px; font-weight: 550; color: #51627c; }
.legend span::before { content: ""; display: inline-block; width: 10px; height: 3px; border-radius: 2px; margin-right: 5px; vertical-align: middle; background: var(--c); }
/* The phone image: the same screen in a 380 px column, without the sidebar and the parts
   marked "wide" (secondary columns and cards), at a text size a phone can read. */
.narrow { display: none; }
body.phone { font-size: 13px; }
.phone .app { grid-template-columns: 1fr; }
.phone .side, .phone .wide, .phone .top .pill { display: none; }
.phone .narrow { display: block; }
.phone .top { height: 44px; padding: 0 14px; }
.phone .top h1 { font-size: 15px; }
.phone .content { padding: 12px 14px; gap: 12px; }
.phone .kpis { grid-template-columns: 1fr 1fr !important; gap: 10px; }
.phone .kpi strong { font-size: 18px; }
.phone .kpi em { white-space: nowrap; }
.phone th, .phone td { padding: 8px 9px; white-space: normal; }
.phone td.n, .phone th.n { white-space: nowrap; }
.phone .card header { flex-wrap: wrap; }
`;

/** Sidebar icons: simple hand-drawn strokes on a 24 px grid, in the text colour. */
const ICONS = {
  dashboard:
    '<rect x="3" y="3" width="7" height="9" rx="1.5"/><rect x="14" y="3" width="7" height="5" rx="1.5"/><rect x="14" y="12" width="7" height="9" rx="1.5"/><rect x="3" y="16" width="7" height="5" rx="1.5"/>',
  budgets:
    '<path d="M19 7V5.5A1.5 1.5 0 0 0 17.5 4h-12A2.5 2.5 0 0 0 3 6.5v11A2.5 2.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V9a2 2 0 0 0-2-2H5.5A2.5 2.5 0 0 1 3 4.5"/><circle cx="16" cy="13.5" r="1.2"/>',
  forecasts: '<path d="M3 17l6-6 4 4 8-8"/><path d="M15 7h6v6"/>',
  rules:
    '<circle cx="6" cy="6" r="2.5"/><circle cx="6" cy="18" r="2.5"/><circle cx="18" cy="9" r="2.5"/><path d="M6 8.5v7M18 11.5a6 6 0 0 1-6 6H8.5"/>',
  drivers:
    '<path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1"/><circle cx="15" cy="6" r="2"/><circle cx="9" cy="12" r="2"/><circle cx="17" cy="18" r="2"/>',
  reports: '<path d="M20.5 14A8.5 8.5 0 1 1 10 3.5V14z"/><path d="M14 3a7 7 0 0 1 7 7h-7z"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  folder:
    '<path d="M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V17a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>',
} as const;

function icon(name: keyof typeof ICONS): string {
  return `<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${ICONS[name]}</svg>`;
}

export type NavItem = "dashboard" | "budgets" | "forecasts" | "rules" | "drivers" | "reports";

const NAV: NavItem[] = ["dashboard", "budgets", "forecasts", "rules", "drivers", "reports"];

export const PEOPLE = {
  AK: "#2152d9",
  MR: "#0a6b52",
  PS: "#8b5cf6",
  JL: "#d9480f",
  TO: "#0e7490",
  EB: "#be185d",
  NH: "#4d7c0f",
  LC: "#1a42b0",
} as const;

export function avatar(initials: keyof typeof PEOPLE): string {
  return `<span class="avatar" style="background:${PEOPLE[initials]}">${initials}</span>`;
}

/** The fiscal year every mock-up shows. */
export const YEAR = 2026;

/** Wraps a screen's content in the app frame with the given section highlighted. */
export function appPage(
  tx: MockupText,
  options: {
    active: NavItem;
    title: string;
    actions?: string;
    content: string;
    extraCss?: string;
  },
): string {
  const nav = NAV.map(
    (item) =>
      `<div class="nav${item === options.active ? " on" : ""}">${icon(item)}<span>${tx.t(`nav.${item}`)}</span></div>`,
  ).join("");
  const plans = [
    ["calendar", tx.t("nav.fiscalYear", { year: YEAR })],
    ["calendar", tx.t("nav.quarter", { quarter: 4, year: YEAR })],
    ["folder", tx.t("nav.project")],
  ] as const;
  const planNav = plans
    .map(([name, label]) => `<div class="nav">${icon(name)}<span>${label}</span></div>`)
    .join("");
  return `<!doctype html><html lang="${tx.tag}"><head><meta charset="utf-8"><style>${APP_CSS}${
    options.extraCss ?? ""
  }</style></head><body><div class="app"><aside class="side"><div class="brand"><i></i>Beyond</div>${nav}
<div class="sep">${tx.t("nav.plans")}</div>${planNav}</aside>
<div class="main"><div class="top"><h1>${options.title}</h1>${
    options.actions ??
    `<span class="pill">${tx.t("top.group", { count: 3 })}</span><span class="pill">EUR</span><span class="pill">${tx.t("nav.fiscalYear", { year: YEAR })}</span>`
  }${avatar("AK")}</div><div class="content">${options.content}</div></div></div></body></html>`;
}
