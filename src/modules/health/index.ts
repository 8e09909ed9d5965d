import { Elysia } from "elysia";
import type { Deps } from "../../deps";

/** 200 while the database answers a query; 503 otherwise, so a load balancer stops sending traffic. */
export function healthRoutes({ db }: Pick<Deps, "db">) {
  const probe = db.query<{ ok: number }, []>("SELECT 1 AS ok");
  return new Elysia({ name: "health" }).get("/healthz", ({ set }) => {
    try {
      probe.get();
      return { status: "ok" };
    } catch {
      set.status = 503;
      return { status: "unavailable", error: "The database is not answering." };
    }
  });
}
