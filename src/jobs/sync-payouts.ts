import type { Payouts } from "../modules/money/payouts";
import { type PeriodicJob, startPeriodicJob } from "./periodic";

/** Stripe pays out at most daily: once an hour finds each payout within the hour of its making (decision 0050). */
const SYNC_PAYOUTS_INTERVAL_MS = 3_600_000;

export function startSyncPayoutsJob(payouts: Payouts, intervalMs = SYNC_PAYOUTS_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob("sync-payouts", intervalMs, () => payouts.sync());
}
