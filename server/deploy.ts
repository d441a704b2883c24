import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { nginxMainConfig } from "./nginx-config.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** The parts of compose.yaml the deployment files depend on. */
export interface ComposeFile {
  services: Record<
    string,
    {
      environment?: Record<string, string>;
      networks?: Record<string, { ipv4_address?: string }>;
      healthcheck?: { test?: string[] };
      depends_on?: Record<string, { condition?: string }>;
      build?: { target?: string };
    }
  >;
}

export async function readCompose(): Promise<ComposeFile> {
  return parse(await readFile(path.join(ROOT, "compose.yaml"), "utf8"), { merge: true });
}

/** The API services of compose.yaml (those built from the `app` stage). */
export function apiServices(compose: ComposeFile) {
  return Object.entries(compose.services).filter(([, service]) => service.build?.target === "app");
}

/** deploy/nginx.conf as it must be: the API upstreams are the compose API services. */
export async function deployNginxConf(): Promise<string> {
  const compose = await readCompose();
  const upstreams = apiServices(compose).map(([, service]) => {
    const env = service.environment ?? {};
    return `${env.HOST}:${env.PORT}`;
  });
  return nginxMainConfig({
    prefix: "/var/cache/beyond-nginx",
    listen: "8080",
    root: "/srv/beyond/client",
    includeDir: "/etc/nginx/beyond",
    upstreams,
    workers: "auto",
    user: "www-data",
    errorLog: "stderr",
  });
}
