import { afterAll, describe, expect, test } from "bun:test";
import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import { HANG_GUARD_MS } from "../support/wait-until";
import { createScratch } from "./support/scratch";
import { inspectDatabase, placeOrder, prepareShopDatabase } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

/** Byte 18 of a SQLite header is 2 when the file is in WAL mode. */
function walModeOnDisk(file: string): boolean {
  const fd = openSync(file, "r");
  try {
    const header = Buffer.alloc(20);
    readSync(fd, header, 0, 20, 0);
    return header[18] === 2 && header[19] === 2;
  } finally {
    closeSync(fd);
  }
}

describe("kill -9 during 100 concurrent order writes", () => {
  test(
    "every acknowledged order is there after a restart and integrity_check is ok",
    async () => {
      const dataDir = scratch.tempDir();
      const file = prepareShopDatabase(dataDir);
      const shop = await scratch.startShop({ dataDir });
      expect(walModeOnDisk(file)).toBe(true);

      const acknowledged: string[] = [];
      let killed = false;
      const killAfter = 30;
      const flows = Array.from({ length: 100 }, async () => {
        const id = await placeOrder(shop.origin);
        if (id && !killed) acknowledged.push(id);
        if (!killed && acknowledged.length >= killAfter) {
          killed = true;
          process.kill(shop.serverPid(), "SIGKILL");
        }
      });
      await Promise.all(flows);
      if (!killed) process.kill(shop.serverPid(), "SIGKILL");
      await shop.exited;

      console.log(`acknowledged ${acknowledged.length} of 100 before kill -9`);
      // Killed mid-way: some orders were acknowledged, and some never were.
      expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
      expect(acknowledged.length).toBeLessThan(100);

      const restarted = await scratch.startShop({ dataDir });
      const after = inspectDatabase(join(dataDir, "shop.db"));
      expect(after.integrity).toEqual(["ok"]);
      expect(acknowledged.filter((id) => !after.orderSessions.has(id))).toEqual([]);
      // The restarted shop takes orders again.
      expect(await placeOrder(restarted.origin)).not.toBeNull();
      restarted.proc.kill("SIGTERM");
      expect(await restarted.exited).toBe(0);
    },
    HANG_GUARD_MS,
  );
});
