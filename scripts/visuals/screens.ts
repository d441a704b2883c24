import { appPage, avatar, type PEOPLE } from "./app-chrome.ts";

/**
 * Product screens rendered to images: the budgets table (masthead), forecast, rules,
 * drivers and breakdown report. Figures are invented but consistent with each other.
 */

type Initials = keyof typeof PEOPLE;

const eur = (value: number) => `€${value.toLocaleString("en-GB", { maximumFractionDigits: 0 })}`;

const BUDGETS: Array<[string, Initials, string, number, number, number]> = [
  ["Marketing", "JL", "Julia Lang", 412000, 298400, 401500],
  ["Sales", "MR", "Marco Rossi", 655000, 487900, 662300],
  ["Engineering", "PS", "Priya Shah", 1240000, 918200, 1219000],
  ["Customer success", "TO", "Tom Okafor", 318000, 231700, 309800],
  ["People & HR", "EB", "Elena Bauer", 186000, 142600, 191200],
  ["Office & facilities", "NH", "Niels Hansen", 274000, 203300, 270100],
  ["Software subscriptions", "LC", "Léa Caron", 96000, 77800, 104300],
  ["Travel & events", "JL", "Julia Lang", 128000, 81200, 117600],
  ["Finance & legal", "AK", "Anna Kowalski", 142000, 104900, 139700],
];

/**
 * The budgets table. `progress` (0 to 1) fills actuals in as a sync does, for the clip;
 * `banner` replaces the KPI row with a sync status line.
 */
export function budgetsScreen(progress = 1, banner?: string): string {
  const rows = BUDGETS.map(([name, who, owner, plan, fullActual, forecast], index) => {
    const rowProgress = Math.min(1, Math.max(0, progress * 1.6 - index * 0.07));
    const actual = Math.round(fullActual * rowProgress);
    const variance = plan - forecast;
    const pct = Math.round((actual / plan) * 100);
    const shown = progress >= 0.999 ? "" : ` style="opacity:${rowProgress >= 1 ? 1 : 0}"`;
    const chip = variance >= 0 ? "good" : variance > -5000 ? "mid" : "bad";
    const sign = variance >= 0 ? "+" : "−";
    return `<tr><td><strong>${name}</strong></td><td><span class="who">${avatar(who)}${owner}</span></td>
<td class="n">${eur(plan)}</td><td class="n">${eur(actual)}</td><td><div class="bar"><i class="${
      pct > 80 ? "over" : ""
    }" style="width:${Math.min(pct, 100)}%"></i></div></td><td class="n">${eur(forecast)}</td>
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
  return appPage({
    active: "Budgets",
    title: "Budgets vs actuals",
    extraCss: `.sync{display:flex;align-items:center;gap:12px;padding:14px 16px;min-height:62px}
.sync strong{color:#0b1f3a;font-size:13px;white-space:nowrap}.track{flex:1;height:8px;border-radius:4px;background:#e8efff;overflow:hidden}
.track i{display:block;height:100%;background:linear-gradient(90deg,#2152d9,#35d0a5)}
.spin{width:16px;height:16px;border-radius:50%;border:2.5px solid #35d0a5;border-right-color:transparent;transform:rotate(${Math.round(
      progress * 1440,
    )}deg)}`,
    content: `${kpis}<div class="kpis"${banner ? ' style="display:none"' : ""}>
<div class="card kpi"><small>Full-year plan</small><strong>${eur(plan)}</strong></div>
<div class="card kpi"><small>Actuals to date · Sep</small><strong>${eur(actual)}</strong><em class="muted">74%</em></div>
<div class="card kpi"><small>Forecast full year</small><strong>${eur(forecast)}</strong><em class="up">▼ ${eur(plan - forecast)}</em></div>
<div class="card kpi"><small>Last sync · Xero</small><strong>02:00</strong><em class="up">● 1,284 actuals</em></div>
</div>
<div class="card"><table><thead><tr><th>Budget</th><th>Owner</th><th class="n">Plan</th><th class="n">Actuals</th><th>Spent</th><th class="n">Forecast</th><th class="n">Variance</th></tr></thead><tbody>${rows}</tbody></table></div>`,
  });
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const PLAN = [310, 318, 330, 335, 342, 350, 352, 360, 372, 380, 392, 408];
const ACTUAL = [298, 322, 326, 341, 338, 361, 349, 355, 366];
const FORECAST = [366, 371, 383, 396];

function lineChart(width: number, height: number): string {
  const min = 280;
  const max = 420;
  const x = (index: number) => 40 + (index * (width - 60)) / 11;
  const y = (value: number) => 16 + ((max - value) * (height - 46)) / (max - min);
  const path = (values: number[], offset = 0) =>
    values
      .map((v, i) => `${i === 0 ? "M" : "L"}${x(i + offset).toFixed(1)},${y(v).toFixed(1)}`)
      .join(" ");
  const grid = [300, 340, 380, 420]
    .map(
      (v) =>
        `<line x1="40" x2="${width - 20}" y1="${y(v)}" y2="${y(v)}" stroke="#eef2f7"/><text x="32" y="${
          y(v) + 4
        }" text-anchor="end" font-size="10" fill="#51627c">€${v}k</text>`,
    )
    .join("");
  const labels = MONTHS.map(
    (m, i) =>
      `<text x="${x(i)}" y="${height - 10}" text-anchor="middle" font-size="10" fill="#51627c">${m}</text>`,
  ).join("");
  const area = `${path(ACTUAL)} L${x(ACTUAL.length - 1)},${y(min)} L${x(0)},${y(min)} Z`;
  return `<svg width="100%" viewBox="0 0 ${width} ${height}" style="display:block">
<defs><linearGradient id="a" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#2152d9" stop-opacity=".22"/><stop offset="1" stop-color="#2152d9" stop-opacity="0"/></linearGradient></defs>
${grid}${labels}<rect x="${x(8.5)}" y="10" width="${x(11) - x(8.5) + 10}" height="${height - 40}" fill="#f4f7fb"/>
<text x="${x(9.8)}" y="24" text-anchor="middle" font-size="10" font-weight="600" fill="#51627c">Forecast</text>
<path d="${area}" fill="url(#a)"/>
<path d="${path(PLAN)}" fill="none" stroke="#aebbd0" stroke-width="2" stroke-dasharray="5 4"/>
<path d="${path(ACTUAL)}" fill="none" stroke="#2152d9" stroke-width="2.5"/>
<path d="${path([ACTUAL[8] ?? 0, ...FORECAST], 8)}" fill="none" stroke="#35d0a5" stroke-width="2.5" stroke-dasharray="2 0"/>
${ACTUAL.map((v, i) => `<circle cx="${x(i)}" cy="${y(v)}" r="3" fill="#fff" stroke="#2152d9" stroke-width="2"/>`).join("")}
${FORECAST.map((v, i) => `<circle cx="${x(i + 9)}" cy="${y(v)}" r="3" fill="#fff" stroke="#35d0a5" stroke-width="2"/>`).join("")}
</svg>`;
}

export function forecastScreen(): string {
  return appPage({
    active: "Forecasts",
    title: "Forecast · Operating expenses",
    actions:
      '<span class="pill">Scenario: Base case</span><span class="pill">Monthly</span><span class="pill primary">Update forecast</span>',
    content: `<div class="kpis">
<div class="card kpi"><small>Actuals YTD</small><strong>€3.06m</strong><em class="down">▲ 1.2%</em></div>
<div class="card kpi"><small>Forecast Q4</small><strong>€1.52m</strong></div>
<div class="card kpi"><small>Full year vs plan</small><strong>€4.57m</strong><em class="up">▼ €0.27m</em></div>
<div class="card kpi"><small>Runway</small><strong>26 months</strong></div></div>
<div class="card"><header><h2>Actuals and forecast against plan</h2><div class="legend"><span style="--c:#2152d9">Actuals</span><span style="--c:#35d0a5">Forecast</span><span style="--c:#aebbd0">Plan</span></div></header>${lineChart(
      780,
      250,
    )}</div>
<div class="card"><table><thead><tr><th>Line</th><th>Driver</th><th class="n">Oct</th><th class="n">Nov</th><th class="n">Dec</th></tr></thead><tbody>
<tr><td><strong>Salaries</strong></td><td class="muted">Headcount × average salary</td><td class="n">€238,400</td><td class="n">€244,100</td><td class="n">€251,900</td></tr>
<tr><td><strong>Contractors (GBP)</strong></td><td class="muted">£ × EUR/GBP rate</td><td class="n">€41,860</td><td class="n">€41,860</td><td class="n">€43,020</td></tr>
</tbody></table></div>`,
  });
}

const RULES: Array<[string, string, string, Initials, number, boolean]> = [
  ["Supplier is", "Atlassian, GitHub, Figma", "Engineering · Tools", "PS", 214, true],
  ["Account is", "6200 Advertising", "Marketing · Paid media", "JL", 388, true],
  ["Tracking category is", "Region: DACH", "Sales · DACH", "MR", 172, true],
  ["Description contains", "“flight” or “hotel”", "Travel & events", "JL", 96, true],
  ["Account is", "6100 Rent", "Office & facilities", "NH", 9, true],
  ["Supplier is", "Zendesk, Intercom", "Customer success · Tools", "TO", 58, true],
  ["Entity is", "Acme Ltd (UK) and account 7000", "People & HR · UK payroll", "EB", 27, false],
];

export function rulesScreen(): string {
  const rows = RULES.map(
    ([
      field,
      value,
      budget,
      who,
      count,
      on,
    ]) => `<tr><td><span class="muted">If</span> <strong>${field}</strong> <span class="tag">${value}</span></td>
<td><span class="muted">→</span> <strong>${budget}</strong></td><td><span class="who">${avatar(who)}</span></td>
<td class="n">${count.toLocaleString("en-GB")}</td><td><span class="toggle${on ? " on" : ""}"></span></td></tr>`,
  ).join("");
  return appPage({
    active: "Rules",
    title: "Automatic rules",
    actions:
      '<span class="pill">All entities</span><span class="pill">Applied nightly</span><span class="pill primary">+ New rule</span>',
    extraCss: `.tag{background:#e8efff;color:#1a42b0;border-radius:6px;padding:2px 7px;font-weight:600;margin-left:4px}
.toggle{display:inline-block;width:30px;height:17px;border-radius:999px;background:#dde4ee;position:relative}
.toggle::after{content:"";position:absolute;top:2px;left:2px;width:13px;height:13px;border-radius:50%;background:#fff;box-shadow:0 1px 2px rgb(0 0 0/.2)}
.toggle.on{background:#2152d9}.toggle.on::after{left:15px}
.banner{display:flex;align-items:center;gap:12px;padding:12px 14px}
.banner b{font-size:20px;color:#0a6b52}`,
    content: `<div class="kpis" style="grid-template-columns:repeat(3,1fr)">
<div class="card kpi"><small>Actuals assigned automatically</small><strong>96.4%</strong><em class="up">▲ 3.1 pts</em></div>
<div class="card kpi"><small>Waiting for a budget</small><strong>23</strong><em class="muted">of 1,284</em></div>
<div class="card kpi"><small>Active rules</small><strong>42</strong></div></div>
<div class="card"><table><thead><tr><th>Condition</th><th>Assign to budget</th><th>Owner</th><th class="n">Matched</th><th>On</th></tr></thead><tbody>${rows}</tbody></table></div>
<div class="card banner"><b>✓</b><div><strong>Last night’s sync assigned 1,261 actuals.</strong><div class="muted">23 need a decision: Elena, Marco and Tom have been notified in Slack.</div></div></div>`,
  });
}

export function driversScreen(): string {
  const heads = [42, 43, 45, 45, 47, 48, 50, 52, 53, 55, 56, 58];
  const bars = heads
    .map((h, i) => {
      const height = (h - 30) * 4;
      return `<div class="col"><i style="height:${height}px;${i > 8 ? "background:#35d0a5" : ""}"></i><span>${MONTHS[i]}</span></div>`;
    })
    .join("");
  return appPage({
    active: "Drivers",
    title: "Drivers",
    actions:
      '<span class="pill">FY 2026</span><span class="pill">Scenario: Base case</span><span class="pill primary">+ Add driver</span>',
    extraCss: `.grid{display:grid;grid-template-columns:1.2fr 1fr;gap:14px}
.chart{display:flex;align-items:flex-end;gap:8px;height:140px;padding:14px}
.col{flex:1;display:flex;flex-direction:column;align-items:center;gap:4px}
.col i{display:block;width:100%;background:#2152d9;border-radius:4px 4px 0 0}
.col span{font-size:9.5px;color:#51627c}
.driver{display:flex;align-items:center;justify-content:space-between;padding:10px 14px;border-top:1px solid #eef2f7}
.driver strong{color:#0b1f3a}.driver code{font-family:inherit;background:#f4f7fb;border:1px solid #dde4ee;border-radius:6px;padding:3px 8px;font-weight:650}
.formula{padding:12px 14px;font-weight:600;color:#0b1f3a}.formula span{background:#e8efff;color:#1a42b0;border-radius:6px;padding:2px 7px}`,
    content: `<div class="grid"><div class="card"><header><h2>Headcount</h2><span class="muted">Actual to Sep, plan from Oct</span></header><div class="chart">${bars}</div></div>
<div class="card"><header><h2>Driver values</h2></header>
<div class="driver" style="border-top:0;margin-top:6px"><span><strong>Headcount</strong><br><span class="muted">Synced from HR system</span></span><code>53 → 58</code></div>
<div class="driver"><span><strong>Average salary</strong><br><span class="muted">Per month, loaded</span></span><code>€4,420</code></div>
<div class="driver"><span><strong>EUR/GBP</strong><br><span class="muted">Exchange rate, updated daily</span></span><code>0.8612</code></div>
<div class="driver"><span><strong>Seats per new hire</strong><br><span class="muted">Software licences</span></span><code>6</code></div></div></div>
<div class="card"><header><h2>Plan lines driven by these values</h2></header>
<div class="formula">Salaries = <span>Headcount</span> × <span>Average salary</span> <span class="muted" style="background:none">→ €2.79m for the year</span></div>
<div class="formula">Contractors (EUR) = <span>£48,000</span> ÷ <span>EUR/GBP</span> <span class="muted" style="background:none">→ €55,736 per month</span></div>
<div class="formula">Software = <span>Headcount</span> × <span>Seats per new hire</span> × <span>€14</span> <span class="muted" style="background:none">→ €4,872 in Dec</span></div></div>`,
  });
}

export function breakdownScreen(): string {
  const parts: Array<[string, number, string]> = [
    ["Engineering", 918200, "#2152d9"],
    ["Sales", 487900, "#35d0a5"],
    ["Marketing", 298400, "#8b5cf6"],
    ["Customer success", 231700, "#0e7490"],
    ["Office & facilities", 203300, "#d9480f"],
    ["Other", 406500, "#aebbd0"],
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
        `<tr><td><span class="dot" style="background:${colour}"></span>${name}</td><td class="n">${eur(value)}</td><td class="n">${(
          (value / total) * 100
        ).toFixed(
          1,
        )}%</td><td><div class="bar" style="width:120px"><i style="width:${(value / 918200) * 100}%;background:${colour}"></i></div></td></tr>`,
    )
    .join("");
  return appPage({
    active: "Reports",
    title: "Breakdown report · Actuals Jan–Sep",
    actions:
      '<span class="pill">By department</span><span class="pill">All entities · EUR</span><span class="pill">Export CSV</span>',
    extraCss: `.grid{display:grid;grid-template-columns:220px 1fr;gap:14px}.donut{display:grid;place-items:center;padding:14px;position:relative}
.donut div{position:absolute;text-align:center}.donut strong{font-size:17px;color:#0b1f3a;display:block}
.dot{display:inline-block;width:9px;height:9px;border-radius:3px;margin-right:8px}
.ents{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}`,
    content: `<div class="grid"><div class="card donut"><svg width="180" height="180" viewBox="0 0 180 180">${arcs}</svg><div><span class="muted">Total</span><strong>${eur(
      total,
    )}</strong></div></div>
<div class="card"><table><thead><tr><th>Department</th><th class="n">Actuals</th><th class="n">Share</th><th></th></tr></thead><tbody>${rows}</tbody></table></div></div>
<div class="ents"><div class="card kpi"><small>Acme BV · Netherlands</small><strong>€1.38m</strong><em class="muted">Exact Online</em></div>
<div class="card kpi"><small>Acme Ltd · United Kingdom</small><strong>£0.79m</strong><em class="muted">Xero · €0.92m</em></div>
<div class="card kpi"><small>Acme GmbH · Germany</small><strong>€0.75m</strong><em class="muted">Sage</em></div></div>`,
  });
}

export const SCREENS = {
  budgets: budgetsScreen,
  forecast: forecastScreen,
  rules: rulesScreen,
  drivers: driversScreen,
  breakdown: breakdownScreen,
} as const;
