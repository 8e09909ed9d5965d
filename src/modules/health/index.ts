import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PUBLIC, routePolicy } from "../../http/route-policy";
import { errorFields, log } from "../../log";

/** The owner's not-ready alert (docs/decisions/0046-owner-alerts.md); a database that cannot take it must not change /readyz's answer. */
function tellOwner(queue: () => unknown): void {
  try {
    queue();
  } catch (error) {
    log("warn", "the not-ready alert could not be queued", errorFields(error));
  }
}

/**
 * /healthz: the process is alive and the database answers (Docker's
 * HEALTHCHECK; a failure means restart). /readyz: the shop can take orders
 * right now — migrations applied, database writable, disk not full (a load
 * balancer's check; a failure means send traffic elsewhere). Both answer 503
 * with a JSON reason when not.
 */
export function healthRoutes({ health, alerts, now }: Pick<Deps, "health" | "alerts" | "now">) {
  return new Elysia({ name: "health" })
    .use(routePolicy)
    .get(
      "/healthz",
      ({ set }) => {
        set.headers["cache-control"] = "no-store";
        if (health.alive()) return { status: "ok" };
        set.status = 503;
        return { status: "unavailable", error: "The database is not answering." };
      },
      { policy: PUBLIC },
    )
    .get(
      "/readyz",
      ({ set }) => {
        set.headers["cache-control"] = "no-store";
        const problems = health.problems();
        if (problems.length === 0) return { status: "ready" };
        tellOwner(() => alerts.notReady(problems, now()));
        set.status = 503;
        return { status: "not ready", error: problems.join(" "), problems };
      },
      { policy: PUBLIC },
    );
}
