import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_ADMIN_PASSWORD } from "./admin";

/** This folder and the repository's root, so the scripts run whatever folder the runner started in. */
const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = resolve(HERE, "..", "..", "..");

/**
 * A shop of a story's own, beside the suite's (playwright.config.ts): the same `bun scripts/start.ts`
 * on a fresh folder, seeded with the demo catalogue, on a free port. For a story that needs a
 * catalogue the other stories must not see (thousands of products would move theirs onto later
 * pages). Stop it in afterAll.
 */
export type OwnShop = { origin: string; dataDir: string; stop(): Promise<void> };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/** Resolves when the shop logs that it is open (src/main.ts), or rejects with its output when it exits first. */
function untilOpen(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (output().includes('"msg":"Strata is open at')) resolve();
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`The story's shop exited (${code}) before it opened:\n${output()}`)));
  });
}

export async function startOwnShop(): Promise<OwnShop> {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-story-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn("bun", [join(ROOT, "scripts", "start.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      NODE_ENV: "test",
      SEED_DEMO: "true",
      // The owner signs in with the suite's password, so a story may open /admin on its own shop too.
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output = (output + chunk).slice(-4000);
  });
  child.stderr?.on("data", (chunk) => {
    output = (output + chunk).slice(-4000);
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilOpen(child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, stop };
}

/** Adds `count` products (with the demo's pictures) to a running own shop's database. */
export function addManyProducts(shop: OwnShop, count: number): void {
  execFileSync("bun", [join(HERE, "add-many-products.ts"), join(shop.dataDir, "shop.db"), String(count)], { stdio: "pipe" });
}

/** Adds `count` paid orders waiting in To make (queued, promised for dispatch from yesterday on) to a running own shop. */
export function addQueuedOrders(shop: OwnShop, count: number): void {
  execFileSync("bun", [join(HERE, "add-queued-orders.ts"), join(shop.dataDir, "shop.db"), String(count)], { stdio: "pipe" });
}
