import { Database } from "bun:sqlite";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../src/db/open";
import { writeTransaction } from "../src/db/transaction";
import { type Env, EnvError, loadEnv } from "../src/env";
import { createAlerts } from "../src/modules/alerts/alerts";
import { ALERT_TEXTS } from "../src/modules/alerts/happenings";
import { alertStore } from "../src/modules/alerts/store";
import { integrityCheck } from "./integrity-check";

/**
 * `bun run backup:verify`: proves the replica can bring the shop back.
 * Restores the latest replica (LITESTREAM_REPLICA_URL, through litestream.yml)
 * into a temporary file, runs PRAGMA integrity_check on it, and compares its
 * order count with the live database. Prints a verdict; exits 1 on failure.
 *
 * The live count is read before and after the restore, with a pause first so
 * anything committed before the first read has been synced (Litestream syncs
 * every second): a good replica holds between the two counts.
 */
const SYNC_WAIT_MS = 3_000;
const ROOT = resolve(import.meta.dir, "..");

type Verdict = { ok: boolean; lines: string[] };

function orderCount(file: string): number {
  const db = new Database(file, { readwrite: true, create: false });
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    return db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM orders").get()?.n ?? 0;
  } finally {
    db.close();
  }
}

async function restoreLatest(dbPath: string, output: string, dataDir: string): Promise<{ ok: boolean; message: string }> {
  const litestream = Bun.which("litestream") ?? Bun.which("litestream", { PATH: join(ROOT, "node_modules", ".bin") });
  if (!litestream) return { ok: false, message: "litestream is not installed (the Docker image has it; elsewhere `bun install` adds it)." };
  const child = Bun.spawn([litestream, "restore", "-config", join(ROOT, "litestream.yml"), "-o", output, dbPath], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0 || !existsSync(output)) return { ok: false, message: `litestream restore failed (exit ${code}): ${(err || out).trim()}` };
  return { ok: true, message: "restored the latest replica" };
}

export async function verifyBackup(): Promise<Verdict> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) return { ok: false, lines: [error.message] };
    throw error;
  }
  if (!env.LITESTREAM_REPLICA_URL) return { ok: false, lines: ["LITESTREAM_REPLICA_URL is not set: there is no replica to verify."] };

  const dataDir = resolve(env.DATA_DIR);
  const livePath = join(dataDir, "shop.db");
  const hasLive = existsSync(livePath);
  const lines = [`replica: ${env.LITESTREAM_REPLICA_URL}`];
  const liveBefore = hasLive ? orderCount(livePath) : null;
  if (hasLive) await Bun.sleep(SYNC_WAIT_MS);

  const temp = mkdtempSync(join(tmpdir(), "strata-backup-verify-"));
  try {
    const restored = join(temp, "shop.db");
    const restore = await restoreLatest(livePath, restored, dataDir);
    lines.push(restore.message);
    if (!restore.ok) return { ok: false, lines };

    const integrity = integrityCheck(restored);
    lines.push(integrity.ok ? "integrity_check: ok" : `integrity_check: FAILED — ${integrity.problems.slice(0, 5).join("; ")}`);
    if (!integrity.ok) return { ok: false, lines };

    const restoredOrders = orderCount(restored);
    lines.push(`orders in the restored copy: ${restoredOrders}`);
    if (liveBefore === null) {
      lines.push(`no live database at ${livePath}: nothing to compare with`);
      return { ok: true, lines };
    }
    const liveAfter = orderCount(livePath);
    lines.push(
      liveBefore === liveAfter
        ? `orders in the live database: ${liveAfter}`
        : `orders in the live database: ${liveBefore} → ${liveAfter} during the check`,
    );
    if (restoredOrders < liveBefore) {
      lines.push(`the replica is missing ${liveBefore - restoredOrders} order(s) the live database had before the check`);
      return { ok: false, lines };
    }
    if (restoredOrders > liveAfter) {
      lines.push(
        `the replica has ${restoredOrders - liveAfter} order(s) more than the live database: orders were deleted, or the replica belongs to another shop`,
      );
      return { ok: false, lines };
    }
    return { ok: true, lines };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * A failed check becomes the owner's backup_failed alert (docs/decisions/0046-owner-alerts.md), queued in the live
 * database's outbox for the running shop to deliver. Returns the rows queued (none when the owner has no device,
 * no ntfy topic, or switched the alert off).
 */
export function alertOwnerOfBackupFailure(livePath: string, env: Env, reason: string, at = new Date()): number {
  const db = openDatabase(livePath);
  try {
    const alerts = createAlerts({ db, store: alertStore(db, env) });
    return writeTransaction(db, () => alerts.queue("backup_failed", `backup-failed:${at.toISOString()}`, ALERT_TEXTS.backupFailed(reason)));
  } finally {
    db.close();
  }
}

function tellOwner(verdict: Verdict): void {
  try {
    const env = loadEnv();
    const livePath = join(resolve(env.DATA_DIR), "shop.db");
    if (!existsSync(livePath)) return;
    const queued = alertOwnerOfBackupFailure(livePath, env, verdict.lines.at(-1) ?? "The backup check failed.");
    if (queued > 0) console.log("  the owner's backup alert is queued");
  } catch (error) {
    console.log(`  the owner could not be alerted: ${(error as Error).message}`);
  }
}

if (import.meta.main) {
  const verdict = await verifyBackup();
  for (const line of verdict.lines) console.log(`  ${line}`);
  if (!verdict.ok) tellOwner(verdict);
  console.log(verdict.ok ? "BACKUP OK: the replica restores, passes integrity_check and holds every order." : "BACKUP FAILED: see above.");
  process.exit(verdict.ok ? 0 : 1);
}
