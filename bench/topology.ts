/**
 * The production topology's figures (issue 16), with the same autocannon runs as
 * bench/server.ts: pages per second and p99 from nginx against Node, and accepted posts per
 * second and p99 with two API instances on PostgreSQL behind nginx against one instance on
 * SQLite. Targets: nginx ≥ 3× Node's pages/s, two PostgreSQL instances ≥ 1.5× one SQLite
 * instance's accepted posts/s, p99 ≤ 100 ms everywhere. Needs nginx and PostgreSQL (like
 * the topology test). `node bench/topology.ts` writes bench/topology-results.md; `npm run
 * bench` includes it. BENCH_SERVER_SECONDS shortens each run, BENCH_TOPOLOGY_PORT moves
 * the ports (it and the next seven).
 */
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SITE } from "../app/lib/site-config.ts";
import { nginxMainConfig, writeNginxConfig } from "../server/nginx-config.ts";
import { postgresCtl, startPostgres } from "../server/test-support/postgres.ts";
import { findNginx, Instance, Nginx, ROOT } from "../tests/topology/support.ts";
import { PARTNER, statuses } from "./server.ts";

const BASE = Number(process.env.BENCH_TOPOLOGY_PORT ?? 4472);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 20);
const BUILD_DIR = path.join(ROOT, "build");
const RAISED = { RATE_LIMIT_PER_10_MIN: "1000000000", RATE_LIMIT_PER_DAY: "1000000000" };

interface Row {
  workload: string;
  perS: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
}

function pages(port: number, workload: string): Promise<Row> {
  return measure(workload, { url: `http://127.0.0.1:${port}/`, connections: 16 }, false);
}

/** Partner requests with a distinct address each (a new submission, not a duplicate). */
function posts(port: number, workload: string): Promise<Row> {
  let n = 0;
  return measure(
    workload,
    {
      url: `http://127.0.0.1:${port}/api/joinPartner`,
      connections: 8,
      requests: [
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
            "sec-fetch-mode": "cors",
            "sec-fetch-site": "same-origin",
          },
          setupRequest: (request: autocannon.Request) => {
            n += 1;
            const fields = { ...PARTNER, email: `topology${n}@example.com` };
            return { ...request, body: new URLSearchParams(fields).toString() };
          },
        },
      ],
    },
    true,
  );
}

async function measure(workload: string, options: autocannon.Options, acceptedOnly: boolean) {
  const result = await autocannon({ ...options, duration: SECONDS });
  const counts = statuses(result);
  return {
    workload,
    perS: acceptedOnly ? (counts["200"] ?? 0) / result.duration : result.requests.average,
    p99Ms: result.latency.p99,
    statuses: counts,
    errors: result.errors,
  };
}

export async function measureTopology(): Promise<{ rows: Row[]; checks: string[] }> {
  const nginxBinary = findNginx();
  const temp = await mkdtemp(path.join(tmpdir(), "beyond-bench-topology-"));
  await chmod(temp, 0o755);
  const rows: Row[] = [];
  const started: Instance[] = [];
  let nginx: Nginx | null = null;
  let pgDir = "";
  try {
    // One instance on SQLite: what `npm start` runs.
    const single = new Instance("sqlite", BASE, BASE + 1, {
      BUILD_DIR,
      DATA_DIR: path.join(temp, "sqlite"),
      LOG_LEVEL: "warn",
      ...RAISED,
    });
    started.push(single);
    await single.start();
    rows.push(await pages(single.port, "pages: GET / from Node (c16)"));
    rows.push(await posts(single.port, "posts accepted: 1 instance, SQLite (c8)"));
    await single.stop();

    // Two instances on one PostgreSQL behind nginx.
    const cluster = await startPostgres(BASE + 7, "the topology benchmark");
    pgDir = cluster.dir;
    const apis = [0, 1].map(
      (i) =>
        new Instance(`api-${i + 1}`, BASE + 2 + i, BASE + 4 + i, {
          BUILD_DIR,
          DATABASE_URL: cluster.url,
          DATA_DIR: path.join(temp, `pg-${i}`),
          TRUST_PROXY: "127.0.0.1",
          LOG_LEVEL: "warn",
          ...RAISED,
        }),
    );
    started.push(...apis);
    await Promise.all(apis.map((api) => api.start()));
    const includeDir = path.join(temp, "conf");
    await writeNginxConfig(BUILD_DIR, includeDir, {
      trustProxy: [],
      hsts: false,
      publicOrigin: SITE.origin,
    });
    await writeFile(
      path.join(temp, "nginx.conf"),
      nginxMainConfig({
        prefix: temp,
        listen: `127.0.0.1:${BASE + 6}`,
        root: path.join(BUILD_DIR, "client"),
        includeDir,
        upstreams: apis.map((api) => `127.0.0.1:${api.port}`),
        workers: 1,
      }),
    );
    nginx = new Nginx(nginxBinary, temp);
    await nginx.start(BASE + 6);
    rows.push(await pages(BASE + 6, "pages: GET / from nginx, 1 worker (c16)"));
    rows.push(await posts(BASE + 6, "posts accepted: 2 instances, PostgreSQL, via nginx (c8)"));
  } finally {
    await nginx?.stop();
    await Promise.all(started.map((instance) => instance.kill()));
    if (pgDir) await postgresCtl("stop", pgDir).catch(() => {});
    await rm(temp, { recursive: true, force: true });
  }
  const [nodePages, sqlitePosts, nginxPages, pgPosts] = rows as [Row, Row, Row, Row];
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const pageRatio = ratio(nginxPages.perS, nodePages.perS);
  const postRatio = ratio(pgPosts.perS, sqlitePosts.perS);
  const worstP99 = Math.max(...rows.map((row) => row.p99Ms));
  const checks = [
    `nginx/Node pages per second: ${pageRatio.toFixed(2)}× (target ≥ 3×): ${pageRatio >= 3 ? "met" : "NOT met"}`,
    `2 PostgreSQL instances / 1 SQLite instance, accepted posts per second: ${postRatio.toFixed(2)}× (target ≥ 1.5×): ${postRatio >= 1.5 ? "met" : "NOT met"}`,
    `worst p99 ${worstP99} ms (target ≤ 100 ms): ${worstP99 <= 100 ? "met" : "NOT met"}`,
  ];
  return { rows, checks };
}

export async function topologySection(): Promise<string> {
  const load = loadavg()[0]?.toFixed(1);
  const { rows, checks } = await measureTopology();
  const table = [
    "| workload | per second | p99 ms | statuses | errors |",
    "|---|---:|---:|---|---:|",
    ...rows.map(
      (row) =>
        `| ${row.workload} | ${Math.round(row.perS)} | ${row.p99Ms} | ${Object.entries(row.statuses)
          .map(([status, count]) => `${status}: ${count}`)
          .join(", ")} | ${row.errors} |`,
    ),
  ].join("\n");
  return [
    "## Production topology (issue 16)",
    "",
    `autocannon, ${SECONDS} s per run on loopback, ${cpus().length} cores, load average ${load} at the start (the machine is shared). Posts count only 200s; rate limits raised; no SMTP (emails written as .eml files).`,
    "",
    table,
    "",
    ...checks.map((check) => `- ${check}`),
    "",
  ].join("\n");
}

if (import.meta.main) {
  const section = await topologySection();
  console.log(section);
  await writeFile(
    path.join(ROOT, "bench", "topology-results.md"),
    `# Topology benchmark\n\n${section}`,
  );
}
