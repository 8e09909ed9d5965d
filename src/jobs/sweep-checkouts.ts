import type { CheckoutService } from "../modules/checkout/service";
import { type PeriodicJob, startPeriodicJob } from "./periodic";

const SWEEP_CHECKOUTS_INTERVAL_MS = 60_000;

/**
 * Every minute, holds past their end are reconciled with the payment
 * provider: a payment whose webhook was lost becomes its order, the rest give
 * their stock back. Events usually get there first; this is the safety net.
 */
export function startSweepCheckoutsJob(checkout: CheckoutService, intervalMs = SWEEP_CHECKOUTS_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob("sweep-checkouts", intervalMs, () => checkout.sweep());
}
