// `bun run dev`: runs the shop and restarts it, with fresh client assets,
// whenever a file under src/, web/, shared/ or migrations/ changes.
import { watch } from "node:fs";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { buildClientAssets } from "../src/ssr/build-client";

const ROOT = join(import.meta.dir, "..");
const WATCHED = ["src", "web", "shared", "migrations"];
let server: Subprocess | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

async function restart(reason: string) {
  if (server) {
    server.kill("SIGTERM");
    await server.exited;
  }
  try {
    // Source maps for the browser's developer tools: development only.
    await buildClientAssets({ sourceMaps: true });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error("Fix the error above; the shop restarts on the next save.");
    server = null;
    return;
  }
  console.log(`[dev] ${reason}: starting the shop`);
  server = Bun.spawn(["bun", "src/main.ts"], { cwd: ROOT, stdio: ["inherit", "inherit", "inherit"] });
}

for (const dir of WATCHED) {
  watch(join(ROOT, dir), { recursive: true }, (_event, file) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void restart(`${dir}/${file ?? ""} changed`), 150);
  });
}

process.on("SIGINT", () => {
  server?.kill("SIGTERM");
  process.exit(0);
});

await restart("dev mode");
