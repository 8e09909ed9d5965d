import { afterAll, describe, expect, test } from "bun:test";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";
import { createScratch } from "./support/scratch";
import { prepareShopDatabase } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

// Elysia listens with SO_REUSEPORT, so a second shop on the same port used to
// start silently and take part of the traffic
// (docs/product.md#health-and-readiness).

describe("a second shop on a port that is already taken", () => {
  test(
    "exits non-zero with a message naming the port, and the first shop keeps serving",
    async () => {
      const dataDir = scratch.tempDir();
      prepareShopDatabase(dataDir);
      const first = await scratch.startShop({ dataDir });

      // Someone runs `bun start` again: the same data, the same port.
      const second = await scratch.spawnShop({ dataDir, port: first.port });
      let exitCode: number | null = null;
      void second.exited.then((code) => (exitCode = code));
      // Either it gives up, or (the old defect) it opens and shares the port.
      await waitUntil(
        () => exitCode !== null || second.output().includes("Strata is open"),
        HANG_GUARD_MS,
        "the second shop to exit or open",
      );
      expect(second.output()).not.toContain("Strata is open");
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Port ${first.port} on 127.0.0.1 is already in use, so Strata did not start.`);

      // The first shop answers every request, and is still running.
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${first.origin}/api/catalog`).then((response) => response.status)),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, () => 200));
      expect(first.proc.exitCode).toBeNull();
    },
    HANG_GUARD_MS,
  );
});
