import { join } from "node:path";
import { createApp } from "./app";
import { migrate } from "./db/migrate";
import { openDatabase } from "./db/open";
import { seedDemoCatalogue } from "./db/seed";
import { createDeps } from "./deps";
import { EnvError, loadEnv } from "./env";
import { startDeliverOutboxJob } from "./jobs/deliver-outbox";
import { passwordSource } from "./modules/admin-auth/password";
import { startSweepCheckoutsJob } from "./jobs/sweep-checkouts";
import { loadAssets } from "./ssr/assets";

/** Composition root: configuration → database → assets → app → listen. */
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
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(", ")}`);
  if (env.SEED_DEMO && (await seedDemoCatalogue(db, join(env.DATA_DIR, "media")))) {
    console.log("Seeded the demo catalogue into an empty database.");
  }

  const assets = await loadAssets();
  const deps = createDeps(env, db, assets);
  const app = createApp(deps).listen({ port: env.PORT, hostname: env.HOST });
  console.log(`Strata is open at ${env.PUBLIC_URL} (listening on ${env.HOST}:${env.PORT})`);
  console.log(passwordSource(env));
  console.log(deps.demoPayments ? "Payments: built-in demo checkout (no card is charged)." : "Payments: Stripe Checkout.");
  const jobs = [startSweepCheckoutsJob(deps.checkout), startDeliverOutboxJob({ db, env })].filter((job) => job !== null);
  if (jobs.length < 2) console.log("Email: no RESEND_API_KEY and MAIL_FROM, so emails wait in the outbox unsent.");

  const shutdown = async (signal: string) => {
    console.log(`${signal} received, closing.`);
    await app.stop();
    await Promise.all(jobs.map((job) => job.stop()));
    db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

await main();
