import type { Alerts } from "../modules/alerts/alerts";
import type { Digest } from "../modules/alerts/digest";
import type { HealthChecks } from "../modules/health/readiness";
import { type PeriodicJob, startPeriodicJob } from "./periodic";

/** Each minute: a digest due at the owner's minute goes within it. */
const OWNER_ALERTS_INTERVAL_MS = 60_000;

/**
 * The owner's timed alerts: the morning digest when due, and the not-ready alert when /readyz's checks fail
 * (a full disk), whether or not anything asks /readyz (docs/decisions/0046-owner-alerts.md).
 */
export function startOwnerAlertsJob({
  digest,
  alerts,
  health,
  now,
  intervalMs = OWNER_ALERTS_INTERVAL_MS,
}: {
  digest: Digest;
  alerts: Alerts;
  health: HealthChecks;
  now: () => Date;
  intervalMs?: number;
}): PeriodicJob {
  return startPeriodicJob("owner-alerts", intervalMs, () => {
    const at = now();
    return { digest: digest.run(at).reason, notReadyAlerts: alerts.notReady(health.problems(), at) };
  });
}
