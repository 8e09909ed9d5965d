// The shop as `bun run bench` and `bun run audit` run it: its own process, in
// production mode, with the demo catalogue and the demo checkout, on a data
// folder of the caller's. Shared so both measure the same shop.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ShopProcess, spawnShop } from "../scripts/spawn-shop";

const ROOT = join(import.meta.dir, "..");

export type DemoShopOptions = {
  port: number;
  dataDir: string;
  adminPassword: string;
  /** Where its stdout (the JSON log) goes; "ignore" throws it away. */
  stdout?: "ignore" | ReturnType<typeof Bun.file>;
  /** Further settings (TRUST_PROXY for the bench's many shoppers). */
  env?: Record<string, string>;
  /** A file Bun loads into the shop's process before it starts (the bench's event-loop probe, bench/loop-stall.ts). */
  preload?: string;
};

/** Builds the client assets once, so no measured start includes a build. */
export function buildClient(): void {
  const result = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: ROOT, stdout: "ignore", stderr: "inherit" });
  if (result.exitCode !== 0) throw new Error("The client build failed");
}

/** The shop in production mode, through the one spawner (scripts/spawn-shop.ts). */
export function startDemoShop({ port, dataDir, adminPassword, stdout = "ignore", env = {}, preload }: DemoShopOptions): ShopProcess {
  return spawnShop({
    port,
    dataDir,
    logFile: stdout === "ignore" ? "/dev/null" : stdout.name,
    preload,
    showErrors: true,
    env: {
      NODE_ENV: "production",
      DEMO_CHECKOUT: "true",
      ADMIN_PASSWORD: adminPassword,
      // As scripts/entrypoint.sh starts the shop in production: Bun's engine settings, a value set outside winning.
      ...engineSettings(),
      ...env,
    },
  });
}

/** scripts/engine.env's settings, each as set in this process's environment if it is, else as the file has it. */
export function engineSettings(): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const line of readFileSync(join(ROOT, "scripts", "engine.env"), "utf8").split("\n")) {
    const equals = line.indexOf("=");
    if (line.startsWith("#") || equals < 1) continue;
    const name = line.slice(0, equals);
    settings[name] = process.env[name] ?? line.slice(equals + 1);
  }
  return settings;
}

export async function stopDemoShop(shop: ShopProcess): Promise<void> {
  await shop.stop();
}

/** Waits for a 200 from `url`, asking every couple of milliseconds (the bench times cold starts with it). */
export async function waitFor200(url: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await Bun.sleep(2);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}
