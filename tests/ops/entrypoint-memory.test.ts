import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createScratch } from "./support/scratch";
import { prepareShopDatabase } from "./support/shop-process";

// Bun's collector sizes the heap by the machine's memory, so on a large host
// the shop's resident memory under load grew far past 120 MB.
// scripts/entrypoint.sh, how production starts, tells it the shop has 128 MB
// (docs/decisions/0008-performance.md).

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

/** The environment the running server process was started with. */
function environmentOf(pid: number): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

describe("scripts/entrypoint.sh, the garbage collector and the compiler tiers", () => {
  test("the entrypoint starts the shop with Bun's collector sized for 128 MB", async () => {
    const dataDir = join(scratch.tempDir(), "data");
    prepareShopDatabase(dataDir);
    const shop = await scratch.startShop({ dataDir, entrypoint: true });
    expect(environmentOf(shop.serverPid()).BUN_JSC_forceRAMSize).toBe(String(128 * 1024 * 1024));
    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  });

  test("the entrypoint starts the shop without the engine's top compiler tier (FTL), whose compiling costs memory", async () => {
    const dataDir = join(scratch.tempDir(), "data");
    prepareShopDatabase(dataDir);
    const shop = await scratch.startShop({ dataDir, entrypoint: true });
    expect(environmentOf(shop.serverPid()).BUN_JSC_useFTLJIT).toBe("0");
    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  });

  test("a size and a tier the owner sets outside the entrypoint win", async () => {
    const dataDir = join(scratch.tempDir(), "data");
    prepareShopDatabase(dataDir);
    const shop = await scratch.startShop({ dataDir, entrypoint: true, env: { BUN_JSC_forceRAMSize: "268435456", BUN_JSC_useFTLJIT: "1" } });
    expect(environmentOf(shop.serverPid()).BUN_JSC_forceRAMSize).toBe("268435456");
    expect(environmentOf(shop.serverPid()).BUN_JSC_useFTLJIT).toBe("1");
    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  });
});
