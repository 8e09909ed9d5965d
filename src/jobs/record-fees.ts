import type { PaymentFees } from "../modules/money/fees";
import { type PeriodicJob, startPeriodicJob } from "./periodic";

/**
 * Every 30 seconds, the fees Stripe has settled since the last run are recorded on their orders and refunds
 * (docs/decisions/0050-money-that-reconciles.md). A card payment's balance transaction is usually there at once, so
 * a new order reads its fee within one interval; one Stripe settles later is simply asked again.
 */
const RECORD_FEES_INTERVAL_MS = 30_000;

export function startRecordFeesJob(fees: PaymentFees, intervalMs = RECORD_FEES_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob("record-fees", intervalMs, () => fees.recordDue());
}
