import { afterAll, describe, expect, test } from "bun:test";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../src/db/open";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";
import { createScratch, replicatedShop } from "./support/scratch";
import { inspectDatabase, placeOrders, ROOT, restoreReplicaNow, runLitestream } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

describe("point-in-time restore", () => {
  test(
    "litestream restore -timestamp brings back orders deleted after the chosen moment",
    async () => {
      const root = scratch.tempDir();
      const { dataDir, file, pathDir, env } = replicatedShop(root);
      const shop = await scratch.startShop({ dataDir, env, entrypoint: true, pathDir });

      const restoreEnv = { DATA_DIR: dataDir, ...env };
      const probe = join(root, "probe.db");
      const replicaNow = async () => ((await restoreReplicaNow(file, probe, restoreEnv)) ? inspectDatabase(probe) : null);

      const orders = await placeOrders(shop.origin, 5);
      await waitUntil(async () => (await replicaNow())?.orders === 5, HANG_GUARD_MS, "the replica to hold the 5 orders");
      const moment = new Date();
      // Litestream dates each replicated WAL segment by its file's modification time, which the
      // kernel keeps on a coarse clock. Once a file written now is dated after the moment, so is
      // every later one, the deletion's segment included.
      const clockProbe = join(root, "clock-probe");
      await waitUntil(
        () => {
          writeFileSync(clockProbe, "");
          return statSync(clockProbe).mtimeMs > moment.getTime();
        },
        5_000,
        "file times to pass the chosen moment",
      );

      // The accident: every order deleted (items go with them, by foreign key).
      const db = openDatabase(file);
      db.exec("DELETE FROM orders");
      db.close();
      expect(inspectDatabase(file).orders).toBe(0);
      await waitUntil(async () => (await replicaNow())?.orders === 0, HANG_GUARD_MS, "the replica to record the deletion");

      const config = join(ROOT, "litestream.yml");
      const latest = join(root, "latest.db");
      expect((await runLitestream(["restore", "-config", config, "-o", latest, file], restoreEnv)).code).toBe(0);
      expect(inspectDatabase(latest).orders).toBe(0); // the replica did record the deletion

      const before = join(root, "before-the-accident.db");
      const restore = await runLitestream(
        ["restore", "-config", config, "-timestamp", moment.toISOString(), "-o", before, file],
        restoreEnv,
      );
      expect(restore.code).toBe(0);
      const recovered = inspectDatabase(before);
      expect(recovered.integrity).toEqual(["ok"]);
      expect([...recovered.orderSessions].toSorted()).toEqual(orders.toSorted());

      process.kill(shop.proc.pid, "SIGTERM");
      expect(await shop.exited).toBe(0);
    },
    HANG_GUARD_MS,
  );
});
