import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SERVER_COMMAND } from "../tests/topology/support.ts";
import { loadConfig } from "./config.ts";
import { apiServices, deployNginxConf, readCompose } from "./deploy.ts";
import { isPrivateAddress } from "./metrics.ts";

/**
 * The container files cannot be built here (no container engine, no base images), so this
 * checks what can be checked: they parse, and their commands and environment are the ones
 * the topology test runs (tests/topology).
 */
const ROOT = path.resolve(import.meta.dirname, "..");

interface Instruction {
  keyword: string;
  args: string;
}

async function dockerStages(): Promise<Map<string, { from: string; steps: Instruction[] }>> {
  const text = await readFile(path.join(ROOT, "Dockerfile"), "utf8");
  const logical = text
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const stages = new Map<string, { from: string; steps: Instruction[] }>();
  let current: { from: string; steps: Instruction[] } | null = null;
  for (const line of logical) {
    const [keyword = "", ...rest] = line.split(/\s+/);
    const args = rest.join(" ");
    if (keyword.toUpperCase() === "FROM") {
      const match = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
      if (!match) throw new Error(`unnamed stage: ${line}`);
      current = { from: match[1] as string, steps: [] };
      stages.set(match[2] as string, current);
    } else if (current) current.steps.push({ keyword: keyword.toUpperCase(), args });
    else if (keyword.toUpperCase() !== "ARG") throw new Error(`instruction before FROM: ${line}`);
  }
  return stages;
}

const SAMPLE: Record<string, string> = {
  SMTP_URL: "smtp://mail.example:587",
  POSTGRES_PASSWORD: "secret",
  RECIPIENT_KEY_SECRET: "a shared secret of at least 32 characters",
};

const KNOWN = new Set([
  "ARG",
  "ENV",
  "WORKDIR",
  "COPY",
  "RUN",
  "USER",
  "VOLUME",
  "EXPOSE",
  "HEALTHCHECK",
  "CMD",
]);

describe("Dockerfile", () => {
  test("multi-stage on Node 26, production dependencies only, non-root, /readyz health check, DATA_DIR volume", async () => {
    const stages = await dockerStages();
    expect([...stages.keys()]).toEqual(["build", "app", "web"]);
    for (const stage of stages.values()) {
      for (const step of stage.steps) expect(KNOWN, step.keyword).toContain(step.keyword);
    }
    const build = stages.get("build");
    const app = stages.get("app");
    expect(build?.from).toMatch(/^node:26[-.]/);
    expect(app?.from).toMatch(/^node:26[-.]/);
    const steps = app?.steps ?? [];
    const args = (keyword: string) =>
      steps.filter((step) => step.keyword === keyword).map((s) => s.args);
    expect(args("RUN").some((run) => /\bnpm ci --omit=dev\b/.test(run))).toBe(true);
    expect(
      build?.steps.some((step) => step.keyword === "RUN" && /npm run build/.test(step.args)),
    ).toBe(true);
    const user = args("USER").at(-1) ?? "root";
    expect(["root", "0"]).not.toContain(user);
    const env = Object.fromEntries(
      args("ENV")
        .join(" ")
        .split(/\s+/)
        .map((pair) => pair.split("=") as [string, string]),
    );
    expect(args("VOLUME")).toEqual([env.DATA_DIR]);
    expect(args("HEALTHCHECK").join(" ")).toContain("/readyz");
    // The same command the topology test starts, and a configuration the server accepts.
    expect(JSON.parse(args("CMD").at(-1) ?? "[]")).toEqual([...SERVER_COMMAND]);
    expect(() => loadConfig(env, "/app")).not.toThrow();
    // Every file the images copy from the repository exists.
    for (const stage of stages.values()) {
      for (const step of stage.steps.filter(
        (s) => s.keyword === "COPY" && !s.args.startsWith("--from"),
      )) {
        for (const source of step.args.split(/\s+/).slice(0, -1)) {
          expect(existsSync(path.join(ROOT, source)), source).toBe(true);
        }
      }
    }
  });
});

describe("compose.yaml", () => {
  test("two API instances on one PostgreSQL behind nginx, configured like the topology test", async () => {
    const compose = await readCompose();
    expect(Object.keys(compose.services).sort()).toEqual(["api-1", "api-2", "nginx", "postgres"]);
    const apis = apiServices(compose);
    expect(apis.map(([name]) => name)).toEqual(["api-1", "api-2"]);
    const nginx = compose.services.nginx;
    const nginxAddress = nginx?.networks?.backend?.ipv4_address;
    const ids = new Set<string>();
    for (const [name, service] of apis) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          // compose's ${NAME:?…} placeholders, as an operator would fill them in.
          String(value).replace(/\$\{(\w+)[^}]*\}/g, (_match, name: string) => SAMPLE[name] ?? "x"),
        ]),
      );
      // The variables the topology test sets on its instances.
      for (const key of [
        "DATABASE_URL",
        "RECIPIENT_KEY_SECRET",
        "SMTP_URL",
        "TRUST_PROXY",
        "INSTANCE_ID",
        "METRICS_PORT",
      ]) {
        expect(env, `${name} ${key}`).toHaveProperty(key);
      }
      expect(env.TRUST_PROXY).toBe(nginxAddress);
      expect(env.HOST).toBe(service.networks?.backend?.ipv4_address);
      expect(isPrivateAddress(env.HOST as string)).toBe(true);
      ids.add(env.INSTANCE_ID as string);
      const config = loadConfig(env, "/app");
      expect(config.api?.databaseUrl).toMatch(/^postgres:\/\//);
      expect(config.metrics).toEqual({ host: env.HOST, port: 9464 });
      expect(nginx?.depends_on?.[name]?.condition).toBe("service_healthy");
    }
    expect(ids.size).toBe(2);
    expect(compose.services.postgres?.healthcheck?.test).toContain("pg_isready");
  });

  test("deploy/nginx.conf is nginxMainConfig() for these addresses (node scripts/deploy-nginx-conf.ts)", async () => {
    const committed = await readFile(path.join(ROOT, "deploy/nginx.conf"), "utf8");
    expect(committed).toBe(await deployNginxConf());
  });
});
