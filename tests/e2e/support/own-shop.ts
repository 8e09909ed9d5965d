import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { spawnShop } from "../../../scripts/spawn-shop";
import { E2E_ADMIN_PASSWORD } from "./admin";

/** This folder, so the scripts run whatever folder the runner started in. */
const HERE = fileURLToPath(new URL(".", import.meta.url));

/**
 * A shop of a story's own, beside the suite's (playwright.config.ts): the same `bun scripts/start.ts`
 * (through scripts/spawn-shop.ts) on a fresh folder, seeded with the demo catalogue, on a free port. For a
 * story that needs a catalogue the other stories must not see (thousands of products would move theirs onto
 * later pages). Stop it in afterAll.
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

/** `env`: settings beside the suite's, e.g. a mail service stand-in's (tests/e2e/support/mail.ts). */
export async function startOwnShop(env: Record<string, string> = {}): Promise<OwnShop> {
  const dataDir = mkdtempSync(join(tmpdir(), "strata-story-"));
  // The owner signs in with the suite's password, so a story may open /admin on its own shop too.
  const shop = spawnShop({ port: await freePort(), dataDir, env: { ...env, NODE_ENV: "test", ADMIN_PASSWORD: E2E_ADMIN_PASSWORD } });
  const stop = async () => {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await shop.opened;
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: shop.origin, dataDir, stop };
}

/** Adds `count` products (with the demo's pictures) to a running own shop's database. */
export function addManyProducts(shop: OwnShop, count: number): void {
  execFileSync("bun", [join(HERE, "add-many-products.ts"), join(shop.dataDir, "shop.db"), String(count)], { stdio: "pipe" });
}

/** The day a scheduled email of `kind` waits for comes (it falls due now); answers who each was for and when it was due. */
export function emailDayComes(shop: OwnShop, kind: string): { recipient: string; next_attempt_at: string }[] {
  const printed = execFileSync("bun", [join(HERE, "email-day-comes.ts"), join(shop.dataDir, "shop.db"), kind], { encoding: "utf8" });
  return JSON.parse(printed) as { recipient: string; next_attempt_at: string }[];
}

/** Adds `count` paid orders waiting in To make (queued, promised for dispatch from yesterday on) to a running own shop. */
export function addQueuedOrders(shop: OwnShop, count: number): void {
  execFileSync("bun", [join(HERE, "add-queued-orders.ts"), join(shop.dataDir, "shop.db"), String(count)], { stdio: "pipe" });
}

/** Adds `requests` custom requests and `codes` discount codes to a running own shop (add-owner-list-rows.ts). */
export function addOwnerListRows(shop: OwnShop, requests: number, codes: number): void {
  execFileSync("bun", [join(HERE, "add-owner-list-rows.ts"), join(shop.dataDir, "shop.db"), String(requests), String(codes)], {
    stdio: "pipe",
  });
}
