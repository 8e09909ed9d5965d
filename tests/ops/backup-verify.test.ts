import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { HANG_GUARD_MS } from "../support/wait-until";
import { createScratch, replicatedShop } from "./support/scratch";
import { placeOrders, ROOT } from "./support/shop-process";

const scratch = createScratch();
afterAll(() => scratch.cleanUp());

async function backupVerify(env: Record<string, string>, pathDir: string): Promise<{ code: number; output: string }> {
  const proc = Bun.spawn(["bun", "run", "backup:verify"], {
    cwd: ROOT,
    env: { PATH: `${pathDir}:${process.env.PATH}`, HOME: process.env.HOME ?? "/tmp", NODE_ENV: "test", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code, output: out + err };
}

describe("bun run backup:verify", () => {
  test(
    "passes on a healthy replica, and fails with a clear verdict once the replica misses orders",
    async () => {
      const root = scratch.tempDir();
      const { dataDir, pathDir, env: replica } = replicatedShop(root);
      const env = { DATA_DIR: dataDir, ...replica };
      const shop = await scratch.startShop({ dataDir, env, entrypoint: true, pathDir });
      await placeOrders(shop.origin, 5);

      const good = await backupVerify(env, pathDir);
      expect(good.output).toContain("integrity_check: ok");
      expect(good.output).toContain("orders in the restored copy: 5");
      expect(good.output).toContain("BACKUP OK");
      expect(good.code).toBe(0);

      // Litestream dies; the shop goes on taking orders that reach no replica.
      process.kill(shop.proc.pid, "SIGKILL");
      await shop.proc.exited; // (its output pipes stay open: the orphaned server still holds them)
      await placeOrders(shop.origin, 3);
      const behind = await backupVerify(env, pathDir);
      expect(behind.output).toContain("the replica is missing 3 order(s)");
      expect(behind.output).toContain("BACKUP FAILED");
      expect(behind.code).toBe(1);

      // A replica URL where nothing was ever written.
      const empty = await backupVerify({ ...env, LITESTREAM_REPLICA_URL: `file://${join(root, "nothing-here")}` }, pathDir);
      expect(empty.output).toContain("litestream restore failed");
      expect(empty.code).toBe(1);

      process.kill(shop.serverPid(), "SIGTERM");
    },
    HANG_GUARD_MS,
  );
});
