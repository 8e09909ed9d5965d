import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";
import { createScratch } from "./support/scratch";
import { prepareShopDatabase } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

// What the owner's log says when a piece of work fails outside any request (docs/decisions/0065-a-fault-is-logged-before-anything-ends.md).
const PROBE = join(import.meta.dir, "support", "fault-probe.ts");

/** A shop on a fresh database with the probe loaded into its process. */
async function probedShop() {
  const dataDir = scratch.tempDir();
  prepareShopDatabase(dataDir);
  return scratch.startShop({ dataDir, preload: PROBE });
}

/** The log lines the shop wrote at `level` with message `msg`. */
function logLines(output: string, level: string, msg: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.level === level && line.msg === msg);
}

describe("a fault outside any request", () => {
  test(
    "a promise that fails with nothing waiting on it is logged with its stack, and the shop goes on answering",
    async () => {
      const shop = await probedShop();

      process.kill(shop.serverPid(), "SIGUSR2");
      // The old fault: the process ended on such a failure, so the wait also ends if it exits.
      await waitUntil(
        () => logLines(shop.output(), "error", "a failure nothing waited for").length > 0 || shop.proc.exitCode !== null,
        HANG_GUARD_MS,
        "the failure's log line",
      );
      expect(shop.proc.exitCode).toBeNull();
      const [line] = logLines(shop.output(), "error", "a failure nothing waited for");
      expect(line?.error).toBe("Error: the probe's promise failed");
      expect(String(line?.stack)).toContain("fault-probe.ts");

      const answer = await fetch(`${shop.origin}/api/catalog`);
      expect(answer.status).toBe(200);
      expect(shop.proc.exitCode).toBeNull();
    },
    HANG_GUARD_MS,
  );

  test(
    "an exception nothing catches is logged with its stack, then the shop exits 1 for its supervisor to start again",
    async () => {
      const shop = await probedShop();

      process.kill(shop.serverPid(), "SIGHUP");
      expect(await shop.exited).toBe(1);
      const [line] = logLines(shop.output(), "error", "an exception nothing caught: the shop stops");
      expect(line?.error).toBe("Error: the probe's timer threw");
      expect(String(line?.stack)).toContain("fault-probe.ts");
    },
    HANG_GUARD_MS,
  );
});
