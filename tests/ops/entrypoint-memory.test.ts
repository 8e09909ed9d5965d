import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { engineSettings } from "../../bench/demo-shop";
import { createScratch } from "./support/scratch";
import { prepareShopDatabase, ROOT } from "./support/shop-process";

// Bun's collector sizes the heap by the machine's memory, so on a large host the shop's resident memory under
// load grew far past 120 MB; and the engine's compilers take memory of their own. scripts/entrypoint.sh, how
// production starts, sets the engine's settings from scripts/engine.env, as the bench starts its shop
// (docs/decisions/0066-the-engine-s-memory-settings.md).

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

/** The environment the running server process was started with. */
function environmentOf(pid: number): Record<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]));
}

/** The settings as scripts/engine.env writes them, read here on their own (not through the code under test). */
function fileSettings(): Record<string, string> {
  const lines = readFileSync(join(ROOT, "scripts", "engine.env"), "utf8").split("\n");
  return Object.fromEntries(lines.filter((line) => /^[A-Za-z_]+=/.test(line)).map((line) => line.split("=") as [string, string]));
}

describe("scripts/entrypoint.sh, the garbage collector and the compiler tiers", () => {
  test("the settings are the collector sized for 80 MB, no top compiler tier, the optimising tier 20 times later", () => {
    expect(fileSettings()).toEqual({
      BUN_JSC_forceRAMSize: String(80 * 1024 * 1024),
      BUN_JSC_useFTLJIT: "0",
      BUN_JSC_thresholdForOptimizeAfterWarmUp: "20000",
    });
  });

  test("the entrypoint starts the shop with every one of them, and the shop answers", async () => {
    const dataDir = join(scratch.tempDir(), "data");
    prepareShopDatabase(dataDir);
    const shop = await scratch.startShop({ dataDir, entrypoint: true });
    const environment = environmentOf(shop.serverPid());
    for (const [name, value] of Object.entries(fileSettings())) expect(environment[name]).toBe(value);
    expect((await fetch(`${shop.origin}/api/catalog`)).status).toBe(200);
    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  });

  test("a size, a tier and a threshold the owner sets outside the entrypoint win", async () => {
    const dataDir = join(scratch.tempDir(), "data");
    prepareShopDatabase(dataDir);
    const mine = { BUN_JSC_forceRAMSize: "268435456", BUN_JSC_useFTLJIT: "1", BUN_JSC_thresholdForOptimizeAfterWarmUp: "1000" };
    const shop = await scratch.startShop({ dataDir, entrypoint: true, env: mine });
    const environment = environmentOf(shop.serverPid());
    for (const [name, value] of Object.entries(mine)) expect(environment[name]).toBe(value);
    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  });

  test("the bench starts its shop with the same settings, a value set outside winning", () => {
    expect(engineSettings()).toEqual(fileSettings());
    process.env.BUN_JSC_useFTLJIT = "1";
    try {
      expect(engineSettings().BUN_JSC_useFTLJIT).toBe("1");
    } finally {
      delete process.env.BUN_JSC_useFTLJIT;
    }
  });
});
