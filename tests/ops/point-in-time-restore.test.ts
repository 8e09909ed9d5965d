import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/open";
import { createScratch, replicatedShop } from "./support/scratch";
import { inspectDatabase, placeOrders, ROOT, runLitestream } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

describe("point-in-time restore", () => {
  test("litestream restore -timestamp brings back orders deleted after the chosen moment", async () => {
    const root = scratch.tempDir();
    const { dataDir, file, pathDir, env } = replicatedShop(root);
    const shop = await scratch.startShop({ dataDir, env, entrypoint: true, pathDir });

    const orders = await placeOrders(shop.origin, 5);
    await Bun.sleep(2_500); // synced
    const moment = new Date();
    await Bun.sleep(1_500);

    // The accident: every order deleted (items go with them, by foreign key).
    const db = openDatabase(file);
    db.exec("DELETE FROM orders");
    db.close();
    await Bun.sleep(2_500); // the deletion is synced too
    expect(inspectDatabase(file).orders).toBe(0);

    const restoreEnv = { DATA_DIR: dataDir, ...env };
    const config = join(ROOT, "litestream.yml");
    const latest = join(root, "latest.db");
    expect((await runLitestream(["restore", "-config", config, "-o", latest, file], restoreEnv)).code).toBe(0);
    expect(inspectDatabase(latest).orders).toBe(0); // the replica did record the deletion

    const before = join(root, "before-the-accident.db");
    const restore = await runLitestream(["restore", "-config", config, "-timestamp", moment.toISOString(), "-o", before, file], restoreEnv);
    expect(restore.code).toBe(0);
    const recovered = inspectDatabase(before);
    expect(recovered.integrity).toEqual(["ok"]);
    expect([...recovered.orderSessions].toSorted()).toEqual(orders.toSorted());

    process.kill(shop.proc.pid, "SIGTERM");
    expect(await shop.exited).toBe(0);
  }, 90_000);
});
