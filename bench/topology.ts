/**
 * The production topology's figures (issue 16), with the same autocannon runs as
 * bench/server.ts: pages per second and p99 from nginx against Node, and accepted posts per
 * second and p99 with two API instances on PostgreSQL behind nginx against one instance on
 * SQLite. Targets: nginx ≥ 3× Node's pages/s, two PostgreSQL instances ≥ 1.5× one SQLite
 * instance's accepted posts/s, p99 ≤ 100 ms everywhere. Needs nginx and PostgreSQL (like
 * the topology test). `node bench/topology.ts` writes bench/topology-results.md; `npm run
 * bench` includes it. BENCH_SERVER_SECONDS shortens each run, BENCH_TOPOLOGY_PORT moves
 * the ports (it and the next seven).
 *
 * How the pages are compared: when the load generator shares a small machine's cores with the
 * servers, it is the bottleneck.
 * autocannon is one Node thread; on its own core it keeps about 16-20k requests/s of the
 * 52 KB home page in flight, which one core of Node already nearly serves, so the two
 * servers' pages per second differ by the load generator's headroom, not by what they can
 * serve. autocannon's `workers` would only move that thread's work onto the core the
 * server needs. So each pages run pins the server (Node, or nginx's master and its one
 * worker) to CPU 0 and autocannon to CPU 1 (taskset; BENCH_TOPOLOGY_PIN=0 turns it off),
 * reads every server process tree's CPU time from /proc before and after, and the pages
 * target is judged on pages per server CPU second, which does not depend on the load
 * generator or on the other tenants of the machine. Pages per second are still reported.
 *
 * Posts run unpinned (autocannon needs a few percent of a core for them; PostgreSQL and
 * the second instance may use both cores), each from its own client address, and report
 * the server CPU per accepted post of Node, PostgreSQL and nginx.
 */
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { SITE } from "../app/lib/site-config.ts";
import { nginxMainConfig, writeNginxConfig } from "../server/nginx-config.ts";
import { postgresCtl, startPostgres } from "../server/test-support/postgres.ts";
import { findNginx, Instance, Nginx, ROOT } from "../tests/topology/support.ts";
import { machineBusySeconds, pidFromFile, pinTo, treeCpuSplit, treePids } from "./cpu.ts";
import { PARTNER, statuses } from "./server.ts";

const BASE = Number(process.env.BENCH_TOPOLOGY_PORT ?? 4472);
const SECONDS = Number(process.env.BENCH_SERVER_SECONDS ?? 20);
const BUILD_DIR = path.join(ROOT, "build");
/** BENCH_TOPOLOGY_PIN=0 leaves the pages runs unpinned (see `pages`). */
const PIN = process.env.BENCH_TOPOLOGY_PIN !== "0" && cpus().length >= 2;
const ALL_CPUS = `0-${cpus().length - 1}`;
/**
 * BENCH_TOPOLOGY_ONE_CLIENT=1: the earlier workload, every post from 127.0.0.1 with the
 * per-IP limits lifted (for comparison only; see clientAddress).
 */
const ONE_CLIENT = process.env.BENCH_TOPOLOGY_ONE_CLIENT === "1";
const LIMITS: Record<string, string> = ONE_CLIENT
  ? { RATE_LIMIT_PER_10_MIN: "1000000000", RATE_LIMIT_PER_DAY: "1000000000" }
  : {};

interface Row {
  workload: string;
  perS: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
  /** Answers counted in perS (all for pages, 200s for posts). */
  counted: number;
  /** CPU seconds of each server-side process tree during the run. */
  serverCpuS: Record<string, number>;
  /** The part of serverCpuS spent in the kernel (system time), per tree. */
  serverSystemS: Record<string, number>;
  /** CPU seconds of this process (autocannon) during the run. */
  clientCpuS: number;
  /** Busy CPU seconds of the whole machine during the run (all cores, every tenant). */
  machineBusyS: number;
  durationS: number;
}

/** Root pids of each server-side process tree whose CPU a run charges to the server. */
type ServerTrees = Record<string, readonly number[]>;

/**
 * Pages: the server's process tree on CPU 0, this process (autocannon) on CPU 1, so neither
 * takes the other's core and both servers get the same single core (Node is one thread;
 * nginx runs one worker). autocannon is one Node thread too and saturates its core first.
 */
async function pages(port: number, workload: string, trees: ServerTrees): Promise<Row> {
  const servers = treePids(Object.values(trees).flat());
  if (PIN) {
    pinTo(servers, "0");
    pinTo([process.pid], "1");
  }
  try {
    return await measure(
      workload,
      // gzip, as in every run recorded since issue 16, so figures stay comparable: both
      // servers answer it from the build's precompressed twin, as they answer a browser's
      // `br` from the brotli one (decision record 32). Without it both send the 52 KB original.
      { url: `http://127.0.0.1:${port}/`, connections: 16, headers: { "accept-encoding": "gzip" } },
      false,
      trees,
    );
  } finally {
    if (PIN) pinTo([...servers, process.pid], ALL_CPUS);
  }
}

/**
 * The n-th visitor's address, 10.0.0.1 onwards: each post comes from its own client, as on a
 * public site, so the per-IP limiter does its production work (one key, a handful of rows)
 * at its production limits. One address posting hundreds of times a second would be a
 * flood the limiter exists to refuse; with the limits lifted for it, the shared limiter
 * re-read every earlier hit of that one key on each post and serialised all posts of both
 * instances on that key's lock (see topology-results.md).
 */
function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Partner requests with a distinct email address (a new submission, not a duplicate) and client address each. */
function posts(port: number, workload: string, trees: ServerTrees): Promise<Row> {
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
            return {
              ...request,
              headers: ONE_CLIENT
                ? request.headers
                : { ...request.headers, "x-forwarded-for": clientAddress(n) },
              body: new URLSearchParams(fields).toString(),
            };
          },
        },
      ],
    },
    true,
    trees,
  );
}

async function measure(
  workload: string,
  options: autocannon.Options,
  acceptedOnly: boolean,
  trees: ServerTrees,
): Promise<Row> {
  const cpuOf = () =>
    Object.fromEntries(Object.entries(trees).map(([name, pids]) => [name, treeCpuSplit(pids)]));
  const serverBefore = cpuOf();
  const clientBefore = process.cpuUsage();
  const machineBefore = machineBusySeconds();
  const result = await autocannon({ ...options, duration: SECONDS });
  const machineBusyS = machineBusySeconds() - machineBefore;
  const client = process.cpuUsage(clientBefore);
  const serverAfter = cpuOf();
  const spent = (name: string, part: "user" | "system") =>
    (serverAfter[name]?.[part] ?? 0) - (serverBefore[name]?.[part] ?? 0);
  const counts = statuses(result);
  const counted = acceptedOnly ? (counts["200"] ?? 0) : result.requests.total;
  return {
    workload,
    perS: counted / result.duration,
    p99Ms: result.latency.p99,
    statuses: counts,
    errors: result.errors,
    counted,
    serverCpuS: Object.fromEntries(
      Object.keys(trees).map((name) => [name, spent(name, "user") + spent(name, "system")]),
    ),
    serverSystemS: Object.fromEntries(
      Object.keys(trees).map((name) => [name, spent(name, "system")]),
    ),
    clientCpuS: (client.user + client.system) / 1e6,
    machineBusyS,
    durationS: result.duration,
  };
}

function serverCpuS(row: Row): number {
  return Object.values(row.serverCpuS).reduce((a, b) => a + b, 0);
}

/** Microseconds of server CPU per answer counted: all of it, and the kernel's part. */
function microsPerAnswer(row: Row): { total: number; system: number } {
  const system = Object.values(row.serverSystemS).reduce((a, b) => a + b, 0);
  const per = (seconds: number) => (row.counted > 0 ? (1e6 * seconds) / row.counted : 0);
  return { total: per(serverCpuS(row)), system: per(system) };
}

function perServerCpuS(row: Row): number {
  const seconds = serverCpuS(row);
  return seconds > 0 ? row.counted / seconds : 0;
}

function pidOf(instance: Instance): number {
  const pid = instance.child?.pid;
  if (pid === undefined) throw new Error(`${instance.name} is not running`);
  return pid;
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
      // The bench's client addresses arrive in X-Forwarded-For, as from a load balancer.
      TRUST_PROXY: "127.0.0.1",
      ...LIMITS,
    });
    started.push(single);
    await single.start();
    const node = { node: [pidOf(single)] };
    rows.push(await pages(single.port, "pages: GET / (gzip) from Node (c16)", node));
    rows.push(await posts(single.port, "posts accepted: 1 instance, SQLite (c8)", node));
    await single.stop();

    // Two instances on one PostgreSQL behind nginx.
    const cluster = await startPostgres(BASE + 7, "the topology benchmark");
    pgDir = cluster.dir;
    const apis = [0, 1].map(
      (i) =>
        new Instance(`api-${i + 1}`, BASE + 2 + i, BASE + 4 + i, {
          BUILD_DIR,
          DATABASE_URL: cluster.url,
          RECIPIENT_KEY_SECRET: "the topology benchmark's shared address key",
          DATA_DIR: path.join(temp, `pg-${i}`),
          TRUST_PROXY: "127.0.0.1",
          LOG_LEVEL: "warn",
          ...LIMITS,
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
        // The bench's client addresses: nginx takes them from the hop in front of it (as
        // behind a load balancer) and passes them on to the API instances.
        extraServer: ["set_real_ip_from 127.0.0.1;", "real_ip_header X-Forwarded-For;"],
      }),
    );
    nginx = new Nginx(nginxBinary, temp);
    await nginx.start(BASE + 6);
    const nginxTree = { nginx: [pidFromFile(path.join(temp, "nginx.pid"))] };
    rows.push(await pages(BASE + 6, "pages: GET / (gzip) from nginx, 1 worker (c16)", nginxTree));
    rows.push(
      await posts(BASE + 6, "posts accepted: 2 instances, PostgreSQL, via nginx (c8)", {
        ...nginxTree,
        node: apis.map(pidOf),
        postgres: [pidFromFile(path.join(pgDir, "data", "postmaster.pid"))],
      }),
    );
  } finally {
    await nginx?.stop();
    await Promise.all(started.map((instance) => instance.kill()));
    if (pgDir) await postgresCtl("stop", pgDir).catch(() => {});
    await rm(temp, { recursive: true, force: true });
  }
  const [nodePages, sqlitePosts, nginxPages, pgPosts] = rows as [Row, Row, Row, Row];
  const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
  const pageRatio = ratio(perServerCpuS(nginxPages), perServerCpuS(nodePages));
  const rawPageRatio = ratio(nginxPages.perS, nodePages.perS);
  const pageCost = (row: Row) => {
    const { total, system } = microsPerAnswer(row);
    return `${total.toFixed(1)} µs (${(total - system).toFixed(1)} in its own code, ${system.toFixed(1)} in the kernel)`;
  };
  const kernelCeiling = ratio(microsPerAnswer(nodePages).total, microsPerAnswer(nginxPages).system);
  const postRatio = ratio(pgPosts.perS, sqlitePosts.perS);
  const postCpuRatio = ratio(perServerCpuS(pgPosts), perServerCpuS(sqlitePosts));
  const worstP99 = Math.max(...rows.map((row) => row.p99Ms));
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  const clientBusy = (row: Row) => `${Math.round((100 * row.clientCpuS) / row.durationS)} %`;
  const cpuPerPost = (row: Row) =>
    Object.entries(row.serverCpuS)
      .map(([name, seconds]) => `${name} ${((1000 * seconds) / row.counted).toFixed(2)}`)
      .join(" + ");
  // CPU the machine spent on anything but these servers and autocannon (other tenants).
  const others = (row: Row) => Math.max(0, row.machineBusyS - serverCpuS(row) - row.clientCpuS);
  const capacity = (row: Row) => row.durationS * cpus().length;
  const contended = rows.filter((row) => others(row) > 0.2 * capacity(row));
  const checks = [
    `nginx/Node pages per server CPU second: ${pageRatio.toFixed(2)}× (target ≥ 3×): ${verdict(pageRatio >= 3)}. The target is judged on this figure: pages per second are bounded by the load generator (autocannon, one Node thread pinned to its own core, which saturates near 16-20k pages/s, about what one core of Node serves; busy ${clientBusy(nodePages)} in the Node run, ${clientBusy(nginxPages)} in the nginx run) and by the machine's other tenants, while CPU per page is what the server costs.`,
    `nginx/Node pages per second as measured: ${rawPageRatio.toFixed(2)}× (load-generator-bound, for information).`,
    `Where a page's server CPU goes: Node ${pageCost(nodePages)}; nginx ${pageCost(nginxPages)}. The kernel's part (the loopback TCP of the request and the answer, on both ends) does not shrink with a faster server: even if nginx spent no time in its own code, it would reach ${kernelCeiling.toFixed(2)}× Node's pages per server CPU second at most.`,
    `2 PostgreSQL instances / 1 SQLite instance, accepted posts per second: ${postRatio.toFixed(2)}× (target ≥ 1.5×): ${verdict(postRatio >= 1.5)}. Server CPU ms per accepted post: SQLite ${cpuPerPost(sqlitePosts)}; PostgreSQL ${cpuPerPost(pgPosts)} (posts per server CPU second ${postCpuRatio.toFixed(2)}× SQLite's).`,
    `worst p99 ${worstP99} ms (target ≤ 100 ms): ${verdict(worstP99 <= 100)}`,
    ...(contended.length > 0
      ? [
          `Other processes took ${contended.map((row) => `${Math.round((100 * others(row)) / capacity(row))} %`).join(", ")} of the machine's CPU during ${contended.length} of the ${rows.length} runs: their per-second figures and p99 measure the contention as much as the servers, and their ratios are not reliable; the per server CPU second figures hold better.`,
        ]
      : []),
  ];
  return { rows, checks };
}

export async function topologySection(): Promise<string> {
  const load = loadavg()[0]?.toFixed(1);
  const { rows, checks } = await measureTopology();
  const table = [
    "| workload | per second | p99 ms | statuses | errors | server CPU s | per server CPU s | autocannon CPU s | machine busy CPU s |",
    "|---|---:|---:|---|---:|---|---:|---:|---:|",
    ...rows.map((row) => {
      const breakdown = Object.entries(row.serverCpuS)
        .map(([name, seconds]) => `${name} ${seconds.toFixed(2)}`)
        .join(" + ");
      return `| ${row.workload} | ${Math.round(row.perS)} | ${row.p99Ms} | ${Object.entries(
        row.statuses,
      )
        .map(([status, count]) => `${status}: ${count}`)
        .join(
          ", ",
        )} | ${row.errors} | ${breakdown} | ${Math.round(perServerCpuS(row))} | ${row.clientCpuS.toFixed(2)} | ${row.machineBusyS.toFixed(1)} of ${(row.durationS * cpus().length).toFixed(0)} |`;
    }),
  ].join("\n");
  return [
    "## Production topology (issue 16)",
    "",
    `autocannon, ${SECONDS} s per run on loopback, ${cpus().length} cores, load average ${load} at the start (the machine is shared). ${PIN ? "Pages runs pinned: the server on CPU 0, autocannon on CPU 1; posts runs unpinned (every process may use both cores)." : "Unpinned (BENCH_TOPOLOGY_PIN=0)."} ${ONE_CLIENT ? "Posts all from 127.0.0.1 with the per-IP limits lifted (BENCH_TOPOLOGY_ONE_CLIENT=1)." : "Each post from its own client address (X-Forwarded-For through a trusted hop), production per-IP limits."} Posts count only 200s; no SMTP (emails written as .eml files). Server CPU: utime+stime of each server's process tree (/proc), including PostgreSQL's backends and nginx's workers; per server CPU s = answers counted / that CPU.`,
    "",
    table,
    "",
    ...checks.map((check) => `- ${check}`),
    "",
  ].join("\n");
}

/**
 * The results file with its figures section replaced by `section`: the notes after it (what
 * was tried, and why the figures are what they are) stay.
 */
function withSection(file: string, section: string): string {
  const start = file.indexOf("## Production topology");
  if (start === -1) return `# Topology benchmark\n\n${section}`;
  const next = file.indexOf("\n## ", start + 1);
  return `${file.slice(0, start)}${section}${next === -1 ? "" : file.slice(next + 1)}`;
}

if (import.meta.main) {
  const section = await topologySection();
  console.log(section);
  const results = path.join(ROOT, "bench", "topology-results.md");
  const previous = await readFile(results, "utf8").catch(() => "");
  await writeFile(results, withSection(previous, `${section}\n`));
}
