import type { HoldService } from "../modules/holds/service";
import { type PeriodicJob, startPeriodicJob } from "./periodic";

const REMIND_HOLDS_INTERVAL_MS = 60 * 60_000;

/**
 * Every hour, the holds waiting for a shopper get their reminders and, past their window, their default
 * (docs/decisions/0048-order-holds.md). Hourly is enough: every step is a whole UK working day apart, and each email
 * has its own key, so a run that finds nothing new changes nothing.
 */
export function startRemindHoldsJob(holds: HoldService, now: () => Date, intervalMs = REMIND_HOLDS_INTERVAL_MS): PeriodicJob {
  return startPeriodicJob("remind-holds", intervalMs, () => holds.runDue(now()));
}
