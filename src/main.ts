import type { Database } from "bun:sqlite";
import { join } from "node:path";
import { createApp, listen, MAX_REQUEST_BODY_BYTES } from "./app";
import { CHECKPOINTS_START_AFTER_MS, startCheckpoints } from "./db/checkpoints";
import { migrate } from "./db/migrate";
import { openDatabase } from "./db/open";
import { demoPictureCacheFor, seedDemoCatalogue } from "./db/seed";
import { createDeps } from "./deps";
import { EnvError, loadEnv } from "./env";
import { logRequestLine, requestLinesWritten } from "./http/request-log";
import { startCleanUploadsJob } from "./jobs/clean-uploads";
import { mailDeliveryConfigured, startDeliverOutboxJob } from "./jobs/deliver-outbox";
import { startOwnerAlertsJob } from "./jobs/owner-alerts";
import type { PeriodicJob } from "./jobs/periodic";
import { startRecordFeesJob } from "./jobs/record-fees";
import { startRemindHoldsJob } from "./jobs/remind-holds";
import { startSweepCheckoutsJob } from "./jobs/sweep-checkouts";
import { startSyncPayoutsJob } from "./jobs/sync-payouts";
import { errorFields, log } from "./log";
import { passwordSource } from "./modules/admin-auth/password";
import { loadAssets } from "./ssr/assets";

/** How long requests already in flight get to finish after SIGTERM (Docker waits 10 s by default: use `--stop-timeout 30`). */
const SHUTDOWN_GRACE_MS = 20_000;
/** How long a job run in flight (an email being sent) gets to finish. */
const JOB_STOP_MS = 10_000;
/**
 * Litestream (v0.3.13) makes its final sync on exit only once it has taken up
 * the database, at its first one-second tick after the file exists. A shop
 * stopped sooner would leave its first writes unreplicated, so under
 * Litestream the shop lives at least this long before it exits.
 */
const MIN_REPLICATED_UPTIME_MS = 2_500;
const startedAt = performance.now();
/** `true` in the server bundle (scripts/server-bundle.ts defines it); undeclared when run from the sources. */
declare const SERVER_BUNDLE: true | undefined;

/** Composition root: configuration → database → assets → app → listen; signals close it in order. */
async function main() {
  const env = (() => {
    try {
      return loadEnv();
    } catch (error) {
      if (error instanceof EnvError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  })();

  const db = openDatabase(join(env.DATA_DIR, "shop.db"));
  const applied = migrate(db);
  if (applied.length > 0) log("info", "migrations applied", { migrations: applied });
  const pictureCacheDir = demoPictureCacheFor(env.NODE_ENV);
  if (env.SEED_DEMO && (await seedDemoCatalogue(db, join(env.DATA_DIR, "media"), { pictureCacheDir }))) {
    log("info", "Seeded the demo catalogue into an empty database.");
  }

  const assets = await loadAssets();
  const deps = createDeps(env, db, assets);
  const app = createApp(deps, { requestLog: logRequestLine });
  let server: ReturnType<typeof listen>;
  try {
    // SO_REUSEPORT stays off (listen): a second shop on the same port must fail to start, not share its traffic.
    server = listen(app, { port: env.PORT, hostname: env.HOST, maxRequestBodySize: MAX_REQUEST_BODY_BYTES });
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code !== "EADDRINUSE") throw error;
    log(
      "error",
      `Port ${env.PORT} on ${env.HOST} is already in use, so Strata did not start. Stop the other process (perhaps a shop already running) or set PORT to a free port.`,
      { host: env.HOST, port: env.PORT },
    );
    closeDatabase(db);
    process.exit(1);
  }
  // `runs`: which code answers, the server bundle `bun start` builds or the sources (`bun run dev`, tests).
  const runs = typeof SERVER_BUNDLE === "undefined" ? "sources" : "server bundle";
  log("info", `Strata is open at ${env.PUBLIC_URL}`, { host: env.HOST, port: server.port, pid: process.pid, runs });
  log("info", passwordSource(env));
  log(
    "info",
    env.TRUST_PROXY
      ? `Proxy: X-Forwarded-For is believed only from ${env.TRUST_PROXY.description}.`
      : "Proxy: none trusted; limits count each connection's own address.",
  );
  log("info", deps.demoPayments ? "Payments: built-in demo checkout (no card is charged)." : "Payments: Stripe Checkout.");

  // The log's checkpoints (and their syncs to disk) on a thread of their own, never inside a shopper's commit.
  const checkpoints = startCheckpoints(db, { afterMs: CHECKPOINTS_START_AFTER_MS });
  const outbox = startDeliverOutboxJob({ outbox: deps.outbox, env });
  if (!mailDeliveryConfigured(env))
    log("info", "Email: no RESEND_API_KEY and MAIL_FROM, so emails wait in the outbox unsent (alerts still go).");
  const jobs: PeriodicJob[] = [
    startSweepCheckoutsJob(deps.checkout),
    startRemindHoldsJob(deps.holds, deps.now),
    startRecordFeesJob(deps.paymentFees),
    startSyncPayoutsJob(deps.payouts),
    startCleanUploadsJob({
      db,
      orders: deps.orderStore,
      storage: deps.uploadStorage,
      retentionDays: env.UPLOAD_RETENTION_DAYS,
      daysAfterDispatch: () => deps.content.fileRetentionDays(),
    }),
    outbox,
    startOwnerAlertsJob({ digest: deps.digest, alerts: deps.alerts, health: deps.health, now: deps.now }),
  ];

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log("info", "shutting down", { signal });
    try {
      // Stop accepting; requests already in flight run to their real answer.
      const drained = await Promise.race([
        server.stop(false).then(() => true),
        sleep(SHUTDOWN_GRACE_MS, { unref: true }).then(() => false),
      ]);
      if (!drained) {
        log("warn", "requests still in flight after the grace period were cut off", { graceMs: SHUTDOWN_GRACE_MS });
        await server.stop(true);
      }
      await Promise.race([Promise.all(jobs.map((job) => job.stop())), sleep(JOB_STOP_MS, { unref: true })]);
      // An export cut off above still has a worker with its own connection, as has the checkpoints' worker: they
      // close first, so the shop's connection is the last and its close leaves the file complete (closeDatabase).
      await deps.ordersExport.stopAll();
      await Promise.race([checkpoints.stop(), sleep(JOB_STOP_MS, { unref: true })]);
      closeDatabase(db);
      // The request lines are written off the event loop (src/http/request-log.ts): the last of them before exit.
      await Promise.race([requestLinesWritten(), sleep(JOB_STOP_MS, { unref: true })]);
      const uptime = performance.now() - startedAt;
      if (env.LITESTREAM_REPLICA_URL && uptime < MIN_REPLICATED_UPTIME_MS) await sleep(MIN_REPLICATED_UPTIME_MS - uptime);
      log("info", "closed cleanly", { signal });
      process.exit(0);
    } catch (error) {
      log("error", "shutdown failed", errorFields(error));
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // A promise that failed with nobody waiting on it is a fault in one piece of work (its request was answered,
  // its write rolled back): logged with its stack, while the shop goes on answering everyone else. A throw
  // outside any promise leaves the process in a state nothing vouches for: logged, then the shop exits 1 for
  // its supervisor to start again. docs/decisions/0065-a-fault-is-logged-before-anything-ends.md
  process.on("unhandledRejection", (reason) => log("error", "a failure nothing waited for", errorFields(reason)));
  process.on("uncaughtException", (error) => {
    log("error", "an exception nothing caught: the shop stops", errorFields(error));
    process.exit(1);
  });
}

/**
 * A PASSIVE checkpoint copies the WAL into the database without waiting on
 * readers (Litestream keeps one open); closing the last connection then
 * checkpoints fully and removes the WAL, so the file on disk is complete.
 */
function closeDatabase(db: Database): void {
  db.exec("PRAGMA wal_checkpoint(PASSIVE)");
  db.close();
}

/** A wait; `unref` ones (deadlines in a race) never keep the process alive by themselves. */
function sleep(ms: number, { unref = false } = {}): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (unref) timer.unref();
  });
}

// Not a top-level await: the server bundle is CommonJS (scripts/server-bundle.ts). A failed start still exits 1.
main().catch((error: unknown) => {
  log("error", "Strata could not start.", errorFields(error));
  process.exit(1);
});
