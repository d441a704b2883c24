import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time of process trees from /proc (Linux), so a benchmark can report what a server
 * spent per request whatever the load generator or the other tenants of the machine did.
 * A tree's time is utime+stime+cutime+cstime of each live member: a member that exited was
 * reaped by its parent, whose cutime/cstime then hold its time (PostgreSQL's backends,
 * nginx's workers), and a live child's time is not yet in its parent's.
 */

/** USER_HZ: the unit of the /proc/<pid>/stat times (100 on every mainstream Linux). */
const TICKS_PER_S = 100;

interface ProcStat {
  ppid: number;
  /** utime + cutime: in the process's own code. */
  userTicks: number;
  /** stime + cstime: in the kernel on its behalf (for a server on loopback, mostly TCP). */
  systemTicks: number;
}

function readStat(pid: number): ProcStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // exited between the listing and the read
  }
  // The command name is in parentheses and may hold spaces: fields start after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // fields[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14-17.
  const ppid = Number(fields[1]);
  const userTicks = Number(fields[11]) + Number(fields[13]);
  const systemTicks = Number(fields[12]) + Number(fields[14]);
  return { ppid, userTicks, systemTicks };
}

function processTable(): Map<number, ProcStat> {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = readStat(pid);
    if (stat) stats.set(pid, stat);
  }
  return stats;
}

function treeOf(stats: Map<number, ProcStat>, roots: readonly number[]): Set<number> {
  const inTree = new Set(roots.filter((pid) => stats.has(pid)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (!inTree.has(pid) && inTree.has(stat.ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return inTree;
}

/**
 * CPU seconds used so far by the trees rooted at `roots` (the roots and all descendants), in
 * their own code and in the kernel.
 */
export function treeCpuSplit(roots: readonly number[]): { user: number; system: number } {
  const stats = processTable();
  let user = 0;
  let system = 0;
  for (const pid of treeOf(stats, roots)) {
    user += stats.get(pid)?.userTicks ?? 0;
    system += stats.get(pid)?.systemTicks ?? 0;
  }
  return { user: user / TICKS_PER_S, system: system / TICKS_PER_S };
}

/** Busy CPU seconds of the whole machine so far (all cores, from /proc/stat). */
export function machineBusySeconds(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  // cpu user nice system idle iowait irq softirq steal ...
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) /
    TICKS_PER_S
  );
}

/** The first line of a pid file (nginx.pid, PostgreSQL's postmaster.pid). */
export function pidFromFile(file: string): number {
  const pid = Number(readFileSync(file, "utf8").split("\n")[0]?.trim());
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no pid in ${file}`);
  return pid;
}

/** The roots and their live descendants. */
export function treePids(roots: readonly number[]): number[] {
  return [...treeOf(processTable(), roots)];
}

/** Restricts every thread of `pids` to the CPUs listed (`taskset -a -p -c`, e.g. "0" or "0-1"). */
export function pinTo(pids: readonly number[], cpuList: string): void {
  for (const pid of pids) {
    try {
      execFileSync("taskset", ["-a", "-p", "-c", cpuList, String(pid)], { stdio: "ignore" });
    } catch {
      // exited meanwhile (a PostgreSQL backend, a thread)
    }
  }
}
