import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase } from "../../src/db/open";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";
import { LITESTREAM, ROOT, removeDir, restoreReplicaNow, runLitestream, tempDir } from "./support/shop-process";

/** How many transactions each writer commits: enough that both contend for the lock many times over. */
const WRITES_EACH = 2_000;

const dirs: string[] = [];
const children: { kill(signal?: number | NodeJS.Signals): void }[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) removeDir(dir);
});

type WriterReport = { acknowledged: number; waited: number; longestMs: number; errors: string[]; errorCount: number };

function readCounter(file: string): number {
  const db = openDatabase(file);
  try {
    return db.query<{ value: number }, []>("SELECT value FROM counter WHERE id = 1").get()?.value ?? -1;
  } finally {
    db.close();
  }
}

describe("two writer processes and Litestream on one database", () => {
  test(
    `${WRITES_EACH} read-modify-write transactions from each of two processes: no busy error reaches a client and the counter equals the acknowledgements`,
    async () => {
      const root = tempDir();
      dirs.push(root);
      const dataDir = join(root, "data");
      const file = join(dataDir, "shop.db");
      const setup = openDatabase(file);
      setup.exec("CREATE TABLE counter (id INTEGER PRIMARY KEY, value INTEGER NOT NULL)");
      setup.exec("INSERT INTO counter (id, value) VALUES (1, 0)");
      setup.close();

      const env = {
        DATA_DIR: dataDir,
        LITESTREAM_REPLICA_URL: `file://${join(root, "replica")}`,
        LITESTREAM_S3_ENDPOINT: "",
        LITESTREAM_S3_REGION: "",
      };
      const litestream = Bun.spawn([LITESTREAM, "replicate", "-config", join(ROOT, "litestream.yml")], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", ...env },
        stdout: "pipe",
        stderr: "pipe",
      });
      children.push(litestream);
      // Litestream takes the database up on its first tick: wait until its replica can be restored.
      const probe = join(root, "probe.db");
      await waitUntil(() => restoreReplicaNow(file, probe, env), HANG_GUARD_MS, "Litestream to replicate the database's first snapshot");

      const writers = [0, 1].map(() => {
        const writer = Bun.spawn(["bun", join(import.meta.dir, "support", "counter-writer.ts"), file, String(WRITES_EACH)], {
          cwd: ROOT,
          stdout: "pipe",
          stderr: "pipe",
        });
        children.push(writer);
        return writer;
      });
      const reports = await Promise.all(
        writers.map(async (writer) => {
          const [code, out, err] = await Promise.all([
            writer.exited,
            new Response(writer.stdout).text(),
            new Response(writer.stderr).text(),
          ]);
          if (code !== 0) throw new Error(`A writer failed (exit ${code}): ${err}`);
          return JSON.parse(out.trim().split("\n").pop() ?? "{}") as WriterReport;
        }),
      );

      console.log(JSON.stringify(reports));
      expect(reports.map((report) => report.errors)).toEqual([[], []]);
      const acknowledged = reports.reduce((sum, report) => sum + report.acknowledged, 0);
      // Both really wrote every transaction, and really contended for the lock.
      expect(reports.map((report) => report.acknowledged)).toEqual([WRITES_EACH, WRITES_EACH]);
      expect(reports.reduce((sum, report) => sum + report.waited, 0)).toBeGreaterThan(10);
      expect(readCounter(file)).toBe(acknowledged);

      // And Litestream kept up: the replica comes to hold the same count, and still does after a clean stop.
      await waitUntil(
        async () => (await restoreReplicaNow(file, probe, env)) && readCounter(probe) === acknowledged,
        HANG_GUARD_MS,
        `the replica to hold the counter at ${acknowledged}`,
      );
      litestream.kill("SIGTERM");
      expect(await litestream.exited).toBe(0);
      const restored = join(root, "restored.db");
      const restore = await runLitestream(["restore", "-config", join(ROOT, "litestream.yml"), "-o", restored, file], env);
      expect(restore.code).toBe(0);
      expect(readCounter(restored)).toBe(acknowledged);
    },
    HANG_GUARD_MS,
  );
});
