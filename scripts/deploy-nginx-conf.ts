/**
 * `node scripts/deploy-nginx-conf.ts`: rewrites deploy/nginx.conf, the nginx.conf of the
 * container image, from `nginxMainConfig()` and the addresses in compose.yaml. A unit test
 * (server/deploy.test.ts) fails when the committed file is out of date.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { deployNginxConf } from "../server/deploy.ts";

const target = path.resolve(import.meta.dirname, "../deploy/nginx.conf");
await writeFile(target, await deployNginxConf());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
