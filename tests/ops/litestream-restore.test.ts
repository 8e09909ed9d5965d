import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";
import { createScratch, replicatedShop } from "./support/scratch";
import { inspectDatabase, placeOrders, prepareShopDatabase, processGone, restoreReplicaNow } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

function deleteDatabaseFiles(dataDir: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(join(dataDir, `shop.db${suffix}`), { force: true });
}

describe("scripts/entrypoint.sh with a file:// replica", () => {
  test(
    "after kill -9 of the shop and Litestream and a lost database, it restores by itself with every acknowledged order; a clean SIGTERM loses nothing either",
    async () => {
      const root = scratch.tempDir();
      const { dataDir, file, pathDir, env } = replicatedShop(root);

      // 1. Under Litestream: orders, a sync, then both processes killed hard and the volume lost.
      const first = await scratch.startShop({ dataDir, env, entrypoint: true, pathDir });
      expect(first.output()).toContain('"msg":"starting under litestream replicate"');
      const litestreamPid = first.proc.pid;
      const serverPid = first.serverPid();
      expect(serverPid).not.toBe(litestreamPid);
      const beforeCrash = await placeOrders(first.origin, 20);
      // Litestream syncs every second: wait until a restore would bring every order back.
      const probe = join(root, "probe.db");
      await waitUntil(
        async () =>
          (await restoreReplicaNow(file, probe, { DATA_DIR: dataDir, ...env })) &&
          beforeCrash.every((id) => inspectDatabase(probe).orderSessions.has(id)),
        HANG_GUARD_MS,
        "the replica to hold all 20 orders",
      );
      process.kill(serverPid, "SIGKILL");
      process.kill(litestreamPid, "SIGKILL");
      await first.exited;
      await waitUntil(() => processGone(serverPid), 5_000, "the killed server to go");
      deleteDatabaseFiles(dataDir);
      expect(existsSync(join(dataDir, "shop.db"))).toBe(false);

      // 2. The entrypoint restores, checks integrity and serves every acknowledged order.
      const second = await scratch.startShop({ dataDir, env, entrypoint: true, pathDir });
      expect(second.output()).toContain("restored");
      expect(second.output()).toMatch(/"msg":"integrity_check".*"ok":true/);
      const restored = inspectDatabase(join(dataDir, "shop.db"));
      expect(restored.integrity).toEqual(["ok"]);
      expect(beforeCrash.filter((id) => !restored.orderSessions.has(id))).toEqual([]);

      // 3. Orders, then at once a clean stop (docker stop's SIGTERM to Litestream, PID 1 in the container).
      const beforeStop = await placeOrders(second.origin, 10);
      process.kill(second.proc.pid, "SIGTERM");
      expect(await second.exited).toBe(0);
      expect(second.output()).toContain('"msg":"closed cleanly"');
      deleteDatabaseFiles(dataDir);

      const third = await scratch.startShop({ dataDir, env, entrypoint: true, pathDir });
      const final = inspectDatabase(join(dataDir, "shop.db"));
      expect(final.integrity).toEqual(["ok"]);
      expect([...beforeCrash, ...beforeStop].filter((id) => !final.orderSessions.has(id))).toEqual([]);
      process.kill(third.proc.pid, "SIGTERM");
      expect(await third.exited).toBe(0);
    },
    HANG_GUARD_MS,
  );

  test("without LITESTREAM_REPLICA_URL it runs the shop plainly, with no Litestream process", async () => {
    const dataDir = join(scratch.tempDir(), "data");
    prepareShopDatabase(dataDir);
    const shop = await scratch.startShop({ dataDir, entrypoint: true });
    expect(shop.output()).toContain("LITESTREAM_REPLICA_URL is not set");
    // exec: the entrypoint's own process became the server.
    expect(shop.serverPid()).toBe(shop.proc.pid);
    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  });
});
