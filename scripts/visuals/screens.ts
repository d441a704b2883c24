import { appPage, avatar, type PEOPLE, YEAR } from "./app-chrome.ts";
import type { MockupText } from "./mockup-text.ts";

/**
 * Product screens rendered to images: the budgets table (masthead), forecast, rules,
 * drivers and breakdown report, each in one locale (`tx`). Figures are sample data of a
 * fictional company, consistent with each other; words come from the `mockups` catalogue.
 */

type Initials = keyof typeof PEOPLE;

type Department =
  | "marketing"
  | "sales"
  | "engineering"
  | "customerSuccess"
  | "people"
  | "office"
  | "software"
  | "travel"
  | "finance"
  | "other";

const BUDGETS: Array<[Department, Initials, string, number, number, number]> = [
  ["marketing", "JL", "Julia Lang", 412000, 298400, 401500],
  ["sales", "MR", "Marco Rossi", 655000, 487900, 662300],
  ["engineering", "PS", "Priya Shah", 1240000, 918200, 1219000],
  ["customerSuccess", "TO", "Tom Okafor", 318000, 231700, 309800],
  ["people", "EB", "Elena Bauer", 186000, 142600, 191200],
  ["office", "NH", "Niels Hansen", 274000, 203300, 270100],
  ["software", "LC", "Léa Caron", 96000, 77800, 104300],
  ["travel", "JL", "Julia Lang", 128000, 81200, 117600],
  ["finance", "AK", "Anna Kowalski", 142000, 104900, 139700],
];

/**
 * The budgets table. `progress` (0 to 1) fills actuals in as a sync does, for the clip;
 * `banner` replaces the KPI row with a sync status line.
 */
export function budgetsScreen(tx: MockupText, progress = 1, banner?: string): string {
  const { eur } = tx;
  const rows = BUDGETS.map(([name, who, owner, plan, fullActual, forecast], index) => {
    const rowProgress = Math.min(1, Math.max(0, progress * 1.6 - index * 0.07));
    const actual = Math.round(fullActual * rowProgress);
    const variance = plan - forecast;
    const pct = Math.round((actual / plan) * 100);
    const shown = progress >= 0.999 ? "" : ` style="opacity:${rowProgress >= 1 ? 1 : 0}"`;
    const chip = variance >= 0 ? "good" : variance > -5000 ? "mid" : "bad";
    const sign = variance >= 0 ? "+" : "−";
    return `<tr><td><strong>${tx.t(`departments.${name}`)}</strong></td><td class="wide"><span class="who">${avatar(who)}${owner}</span></td>
<td class="n wide">${eur(plan)}</td><td class="n">${eur(actual)}</td><td class="wide"><div class="bar"><i class="${
      pct > 80 ? "over" : ""
    }" style="width:${Math.min(pct, 100)}%"></i></div></td><td class="n wide">${eur(forecast)}</td>
<td class="n"><span class="chip ${chip}"${shown}>${sign}${eur(Math.abs(variance))}</span></td></tr>`;
  }).join("");
  const plan = BUDGETS.reduce((sum, row) => sum + row[3], 0);
  const actual = BUDGETS.reduce((sum, row) => sum + row[4], 0);
  const forecast = BUDGETS.reduce((sum, row) => sum + row[5], 0);
  const kpis = banner
    ? `<div class="card sync"><span class="spin"></span><strong>${banner}</strong><div class="track"><i style="width:${Math.round(
        Math.min(1, progress) * 100,
      )}%"></i></div></div>`
    : "";
  return appPage(tx, {
    active: "budgets",
    title: tx.t("budgets.title"),
    extraCss: `.sync{display:flex;align-items:center;gap:12px;padding:14px 16px;min-height:62px}
.sync strong{color:#0b1f3a;font-size:13px;white-space:nowrap}.track{flex:1;height:8px;border-radius:4px;background:#e8efff;overflow:hidden}
.track i{display:block;height:100%;background:linear-gradient(90deg,#2152d9,#35d0a5)}
.spin{width:16px;height:16px;border-radius:50%;border:2.5px solid #35d0a5;border-right-color:transparent;transform:rotate(${Math.round(
      progress * 1440,
    )}deg)}`,
    content: `${kpis}<div class="kpis"${banner ? ' style="display:none"' : ""}>
<div class="card kpi"><small>${tx.t("budgets.fullYearPlan")}</small><strong>${eur(plan)}</strong></div>
<div class="card kpi"><small>${tx.t("budgets.actualsToDate", { month: tx.month(8) })}</small><strong>${eur(actual)}</strong><em class="muted">${percent(tx, actual / plan)}</em></div>
<div class="card kpi wide"><small>${tx.t("budgets.forecastFullYear")}</small><strong>${eur(forecast)}</strong><em class="up">▼ ${eur(plan - forecast)}</em></div>
<div class="card kpi wide"><small>${tx.t("budgets.lastSync")}</small><strong>02:00</strong><em class="up">● ${tx.t("budgets.syncedActuals", { count: tx.number(1284) })}</em></div>
</div>
<div class="card"><table><thead><tr><th>${tx.t("budgets.budget")}</th><th class="wide">${tx.t("budgets.owner")}</th><th class="n wide">${tx.t("budgets.plan")}</th><th class="n">${tx.t("budgets.actuals")}</th><th class="wide">${tx.t("budgets.spent")}</th><th class="n wide">${tx.t("budgets.forecast")}</th><th class="n">${tx.t("budgets.variance")}</th></tr></thead><tbody>${rows}</tbody></table></div>`,
  });
}

/** A share as a whole percentage in the locale's style (74 % in French, 74 % in German). */
function percent(tx: MockupText, share: number, fractionDigits = 0): string {
  return new Intl.NumberFormat(tx.tag, {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(share);
}

const PLAN = [310, 318, 330, 335, 342, 350, 352, 360, 372, 380, 392, 408];
const ACTUAL = [298, 322, 326, 341, 338, 361, 349, 355, 366];
/** October to December, continuing from September's actual. */
const FORECAST = [371, 383, 396];

function lineChart(tx: MockupText, width: number, height: number): string {
  const min = 280;
  const max = 420;
  // The left margin holds the axis labels, which run longer in some locales (420 k €).
  const left = 64;
  const x = (index: number) => left + (index * (width - left - 24)) / 11;
  const y = (value: number) => 16 + ((max - value) * (height - 46)) / (max - min);
  const path = (values: number[], offset = 0) =>
    values
      .map((v, i) => `${i === 0 ? "M" : "L"}${x(i + offset).toFixed(1)},${y(v).toFixed(1)}`)
      .join(" ");
  const grid = [300, 340, 380, 420]
    .map(
      (v) =>
        `<line x1="${left}" x2="${width - 20}" y1="${y(v)}" y2="${y(v)}" stroke="#eef2f7"/><text x="${left - 8}" y="${
          y(v) + 4
        }" text-anchor="end" font-size="10" fill="#51627c">${thousands(tx, v)}</text>`,
    )
    .join("");
  const labels = Array.from(
    { length: 12 },
    (_, i) =>
      `<text x="${x(i)}" y="${height - 10}" text-anchor="middle" font-size="10" fill="#51627c">${tx.month(i)}</text>`,
  ).join("");
  const area = `${path(ACTUAL)} L${x(ACTUAL.length - 1)},${y(min)} L${x(0)},${y(min)} Z`;
  return `<svg width="100%" viewBox="0 0 ${width} ${height}" style="display:block">
<defs><linearGradient id="a" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#2152d9" stop-opacity=".22"/><stop offset="1" stop-color="#2152d9" stop-opacity="0"/></linearGradient></defs>
${grid}${labels}<rect x="${x(8.5)}" y="10" width="${x(11) - x(8.5) + 14}" height="${height - 40}" fill="#f4f7fb"/>
<text x="${x(9.8)}" y="24" text-anchor="middle" font-size="10" font-weight="600" fill="#51627c">${tx.t("forecast.forecast")}</text>
<path d="${area}" fill="url(#a)"/>
<path d="${path(PLAN)}" fill="none" stroke="#aebbd0" stroke-width="2" stroke-dasharray="5 4"/>
<path d="${path(ACTUAL)}" fill="none" stroke="#2152d9" stroke-width="2.5"/>
<path d="${path([ACTUAL[8] ?? 0, ...FORECAST], 8)}" fill="none" stroke="#35d0a5" stroke-width="2.5" stroke-dasharray="2 0"/>
${ACTUAL.map((v, i) => `<circle cx="${x(i)}" cy="${y(v)}" r="3" fill="#fff" stroke="#2152d9" stroke-width="2"/>`).join("")}
${FORECAST.map((v, i) => `<circle cx="${x(i + 9)}" cy="${y(v)}" r="3" fill="#fff" stroke="#35d0a5" stroke-width="2"/>`).join("")}
</svg>`;
}

/** Thousands of euros on a chart axis: €300k, 300.000 €, 300 000 €. */
function thousands(tx: MockupText, value: number): string {
  return new Intl.NumberFormat(tx.tag, {
    style: "currency",
    currency: "EUR",
    notation: "compact",
    maximumFractionDigits: 0,
  }).format(value * 1000);
}

function forecastScreen(tx: MockupText): string {
  const { eur } = tx;
  return appPage(tx, {
    active: "forecasts",
    title: tx.t("forecast.title"),
    actions: `<span class="pill">${tx.t("top.scenarioBase")}</span><span class="pill">${tx.t("top.monthly")}</span><span class="pill primary">${tx.t("forecast.update")}</span>`,
    content: `<div class="kpis">
<div class="card kpi"><small>${tx.t("forecast.actualsYtd")}</small><strong>${tx.eurMillions(3_060_000)}</strong><em class="down">▲ ${percent(tx, 0.012, 1)}</em></div>
<div class="card kpi"><small>${tx.t("forecast.forecastQuarter", { quarter: 4 })}</small><strong>${tx.eurMillions(1_520_000)}</strong></div>
<div class="card kpi wide"><small>${tx.t("forecast.fullYearVsPlan")}</small><strong>${tx.eurMillions(4_570_000)}</strong><em class="up">▼ ${eur(270_000)}</em></div>
<div class="card kpi wide"><small>${tx.t("forecast.runway")}</small><strong>${tx.t("forecast.runwayMonths", { count: 26 })}</strong></div></div>
<div class="card"><header><h2>${tx.t("forecast.chartTitle")}</h2><div class="legend"><span style="--c:#2152d9">${tx.t("forecast.actuals")}</span><span style="--c:#35d0a5">${tx.t("forecast.forecast")}</span><span style="--c:#aebbd0">${tx.t("forecast.plan")}</span></div></header><div class="wide">${lineChart(tx, 780, 250)}</div><div class="narrow">${lineChart(tx, 352, 250)}</div></div>
<div class="card wide"><table><thead><tr><th>${tx.t("forecast.line")}</th><th>${tx.t("forecast.driver")}</th><th class="n">${tx.month(9)}</th><th class="n">${tx.month(10)}</th><th class="n">${tx.month(11)}</th></tr></thead><tbody>
<tr><td><strong>${tx.t("forecast.salaries")}</strong></td><td class="muted">${tx.t("forecast.salariesDriver")}</td><td class="n">${eur(238_400)}</td><td class="n">${eur(244_100)}</td><td class="n">${eur(251_900)}</td></tr>
<tr><td><strong>${tx.t("forecast.contractors")}</strong></td><td class="muted">${tx.t("forecast.contractorsDriver")}</td><td class="n">${eur(41_860)}</td><td class="n">${eur(41_860)}</td><td class="n">${eur(43_020)}</td></tr>
</tbody></table></div>`,
  });
}

/** [condition field, its value, target budget, owner, matched actuals, switched on]. */
const RULES: Array<[string, string | null, string, Initials, number, boolean]> = [
  ["supplierIs", null, "engineeringTools", "PS", 214, true],
  ["accountIs", "accountAdvertising", "paidMedia", "JL", 388, true],
  ["trackingIs", "region", "salesDach", "MR", 172, true],
  ["descriptionContains", "travelWords", "departments.travel", "JL", 96, true],
  ["accountIs", "accountRent", "departments.office", "NH", 9, true],
  ["supplierIs", null, "customerTools", "TO", 58, true],
  ["entityIs", "ukPayrollCondition", "ukPayroll", "EB", 27, false],
];
/** Supplier names are the suppliers' own and stay as they are in every language. */
const SUPPLIERS = ["Atlassian, GitHub, Figma", "Zendesk, Intercom"];

function rulesScreen(tx: MockupText): string {
  let supplier = 0;
  const text = (key: string) => tx.t(key.includes(".") ? key : `rules.${key}`);
  const rows = RULES.map(([field, value, budget, who, count, on]) => {
    const shown = value === null ? (SUPPLIERS[supplier++] ?? "") : text(value);
    return `<tr><td><span class="muted">${tx.t("rules.if")}</span> <strong>${text(field)}</strong> <span class="tag">${shown}</span></td>
<td><span class="muted">→</span> <strong>${text(budget)}</strong></td><td class="wide"><span class="who">${avatar(who)}</span></td>
<td class="n wide">${tx.number(count)}</td><td><span class="toggle${on ? " on" : ""}"></span></td></tr>`;
  }).join("");
  return appPage(tx, {
    active: "rules",
    title: tx.t("rules.title"),
    actions: `<span class="pill">${tx.t("top.allEntities")}</span><span class="pill">${tx.t("rules.appliedNightly")}</span><span class="pill primary">${tx.t("rules.newRule")}</span>`,
    extraCss: `.tag{background:#e8efff;color:#1a42b0;border-radius:6px;padding:2px 7px;font-weight:600;margin-left:4px}
.toggle{display:inline-block;width:30px;height:17px;border-radius:999px;background:#dde4ee;position:relative}
.toggle::after{content:"";position:absolute;top:2px;left:2px;width:13px;height:13px;border-radius:50%;background:#fff;box-shadow:0 1px 2px rgb(0 0 0/.2)}
.toggle.on{background:#2152d9}.toggle.on::after{left:15px}
.phone .tag{display:block;width:fit-content;margin:4px 0 0}
.banner{display:flex;align-items:center;gap:12px;padding:12px 14px}
.banner b{font-size:20px;color:#0a6b52}`,
    content: `<div class="kpis" style="grid-template-columns:repeat(3,1fr)">
<div class="card kpi"><small>${tx.t("rules.assigned")}</small><strong>${percent(tx, 0.964, 1)}</strong><em class="up">${tx.t("rules.points", { value: tx.number(3.1, 1) })}</em></div>
<div class="card kpi"><small>${tx.t("rules.waiting")}</small><strong>23</strong><em class="muted">${tx.t("rules.ofTotal", { total: tx.number(1284) })}</em></div>
<div class="card kpi wide"><small>${tx.t("rules.active")}</small><strong>42</strong></div></div>
<div class="card"><table><thead><tr><th>${tx.t("rules.condition")}</th><th>${tx.t("rules.assignTo")}</th><th class="wide">${tx.t("rules.owner")}</th><th class="n wide">${tx.t("rules.matched")}</th><th>${tx.t("rules.on")}</th></tr></thead><tbody>${rows}</tbody></table></div>
<div class="card banner"><b>✓</b><div><strong>${tx.t("rules.syncDone", { count: tx.number(1261) })}</strong><div class="muted">${tx.t("rules.needDecision", { count: 23 })}</div></div></div>`,
  });
}

function driversScreen(tx: MockupText): string {
  const { eur } = tx;
  const heads = [42, 43, 45, 45, 47, 48, 50, 52, 53, 55, 56, 58];
  const bars = heads
    .map((h, i) => {
      const height = (h - 30) * 4;
      return `<div class="col"><i style="height:${height}px;${i > 8 ? "background:#35d0a5" : ""}"></i><span>${tx.month(i)}</span></div>`;
    })
    .join("");
  const result = (text: string) => `<span class="muted" style="background:none">→ ${text}</span>`;
  return appPage(tx, {
    active: "drivers",
    title: tx.t("drivers.title"),
    actions: `<span class="pill">${tx.t("nav.fiscalYear", { year: YEAR })}</span><span class="pill">${tx.t("top.scenarioBase")}</span><span class="pill primary">${tx.t("drivers.addDriver")}</span>`,
    extraCss: `.grid{display:grid;grid-template-columns:1.2fr 1fr;gap:14px}.phone .grid{grid-template-columns:1fr}
.chart{display:flex;align-items:flex-end;gap:8px;height:140px;padding:14px}
.col{flex:1;display:flex;flex-direction:column;align-items:center;gap:4px;min-width:0}
.col i{display:block;width:100%;background:#2152d9;border-radius:4px 4px 0 0}
.col span{font-size:9.5px;color:#51627c;white-space:nowrap}
.driver{display:flex;align-items:center;justify-content:space-between;gap:10px;padding:10px 14px;border-top:1px solid #eef2f7}
.driver strong{color:#0b1f3a}.driver code{font-family:inherit;background:#f4f7fb;border:1px solid #dde4ee;border-radius:6px;padding:3px 8px;font-weight:650;white-space:nowrap}
.formula{padding:12px 14px;font-weight:600;color:#0b1f3a}.formula span{background:#e8efff;color:#1a42b0;border-radius:6px;padding:2px 7px}`,
    content: `<div class="grid"><div class="card"><header><h2>${tx.t("drivers.headcount")}</h2><span class="muted">${tx.t("drivers.headcountNote", { actualUntil: tx.month(8), planFrom: tx.month(9) })}</span></header><div class="chart">${bars}</div></div>
<div class="card"><header><h2>${tx.t("drivers.values")}</h2></header>
<div class="driver" style="border-top:0;margin-top:6px"><span><strong>${tx.t("drivers.headcount")}</strong><br><span class="muted">${tx.t("drivers.headcountSource")}</span></span><code>53 → 58</code></div>
<div class="driver"><span><strong>${tx.t("drivers.averageSalary")}</strong><br><span class="muted">${tx.t("drivers.averageSalaryNote")}</span></span><code>${eur(4420)}</code></div>
<div class="driver"><span><strong>${tx.t("drivers.exchangeRate")}</strong><br><span class="muted">${tx.t("drivers.exchangeRateNote")}</span></span><code>${tx.number(0.8612, 4)}</code></div>
<div class="driver"><span><strong>${tx.t("drivers.seats")}</strong><br><span class="muted">${tx.t("drivers.seatsNote")}</span></span><code>6</code></div></div></div>
<div class="card wide"><header><h2>${tx.t("drivers.linesTitle")}</h2></header>
<div class="formula">${tx.t("drivers.salaries")} = <span>${tx.t("drivers.headcount")}</span> × <span>${tx.t("drivers.averageSalary")}</span> ${result(tx.t("drivers.perYear", { amount: tx.eurMillions(2_790_000) }))}</div>
<div class="formula">${tx.t("drivers.contractors")} = <span>${eur(48_000, "GBP")}</span> ÷ <span>${tx.t("drivers.exchangeRate")}</span> ${result(tx.t("drivers.perMonth", { amount: eur(55_736) }))}</div>
<div class="formula">${tx.t("drivers.software")} = <span>${tx.t("drivers.headcount")}</span> × <span>${tx.t("drivers.seats")}</span> × <span>${eur(14)}</span> ${result(tx.t("drivers.inMonth", { amount: eur(4872), month: tx.month(11) }))}</div></div>`,
  });
}

function breakdownScreen(tx: MockupText): string {
  const { eur } = tx;
  const parts: Array<[Department, number, string]> = [
    ["engineering", 918200, "#2152d9"],
    ["sales", 487900, "#35d0a5"],
    ["marketing", 298400, "#8b5cf6"],
    ["customerSuccess", 231700, "#0e7490"],
    ["office", 203300, "#d9480f"],
    ["other", 406500, "#aebbd0"],
  ];
  const total = parts.reduce((sum, p) => sum + p[1], 0);
  let angle = 0;
  const arcs = parts
    .map(([, value, colour]) => {
      const sweep = (value / total) * 2 * Math.PI;
      const r = 70;
      const [x1, y1] = [90 + r * Math.sin(angle), 90 - r * Math.cos(angle)];
      angle += sweep;
      const [x2, y2] = [90 + r * Math.sin(angle), 90 - r * Math.cos(angle)];
      return `<path d="M${x1.toFixed(2)},${y1.toFixed(2)} A${r},${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${x2.toFixed(2)},${y2.toFixed(2)}" stroke="${colour}" stroke-width="26" fill="none"/>`;
    })
    .join("");
  const rows = parts
    .map(
      ([name, value, colour]) =>
        `<tr><td><span class="dot" style="background:${colour}"></span>${tx.t(`departments.${name}`)}</td><td class="n">${eur(value)}</td><td class="n">${percent(
          tx,
          value / total,
          1,
        )}</td><td class="wide"><div class="bar" style="width:120px"><i style="width:${(value / 918200) * 100}%;background:${colour}"></i></div></td></tr>`,
    )
    .join("");
  return appPage(tx, {
    active: "reports",
    title: tx.t("breakdown.title", { from: tx.month(0), to: tx.month(8) }),
    actions: `<span class="pill">${tx.t("breakdown.byDepartment")}</span><span class="pill">${tx.t("top.allEntitiesCurrency", { currency: "EUR" })}</span><span class="pill">${tx.t("breakdown.exportCsv")}</span>`,
    extraCss: `.grid{display:grid;grid-template-columns:220px 1fr;gap:14px}.phone .grid{grid-template-columns:1fr}.donut{display:grid;place-items:center;padding:14px;position:relative}
.donut div{position:absolute;text-align:center}.donut strong{font-size:17px;color:#0b1f3a;display:block}
.dot{display:inline-block;width:9px;height:9px;border-radius:3px;margin-right:8px}
.ents{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}`,
    content: `<div class="grid"><div class="card donut"><svg width="180" height="180" viewBox="0 0 180 180">${arcs}</svg><div><span class="muted">${tx.t("breakdown.total")}</span><strong>${eur(
      total,
    )}</strong></div></div>
<div class="card"><table><thead><tr><th>${tx.t("breakdown.department")}</th><th class="n">${tx.t("breakdown.actuals")}</th><th class="n">${tx.t("breakdown.share")}</th><th class="wide"></th></tr></thead><tbody>${rows}</tbody></table></div></div>
<div class="ents wide"><div class="card kpi"><small>${tx.t("breakdown.netherlands")}</small><strong>${tx.eurMillions(1_380_000)}</strong><em class="muted">Exact Online</em></div>
<div class="card kpi"><small>${tx.t("breakdown.unitedKingdom")}</small><strong>${eur(790_000, "GBP")}</strong><em class="muted">Xero · ${eur(920_000)}</em></div>
<div class="card kpi"><small>${tx.t("breakdown.germany")}</small><strong>${eur(750_000)}</strong><em class="muted">Sage</em></div></div>`,
  });
}

export const SCREENS = {
  budgets: budgetsScreen,
  forecast: forecastScreen,
  rules: rulesScreen,
  drivers: driversScreen,
  breakdown: breakdownScreen,
} as const;
