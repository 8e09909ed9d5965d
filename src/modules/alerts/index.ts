import { randomUUID } from "node:crypto";
import { Elysia } from "elysia";
import { writeTransaction } from "../../db/transaction";
import type { Deps } from "../../deps";
import { Conflict, NotFound } from "../../errors";
import { log } from "../../log";
import { parseOrBadRequest } from "../validate";
import { deviceLabel } from "./device-label";
import { ADMIN_LINKS } from "./happenings";
import { ALERT_MESSAGES, settingsInputSchema, subscriptionInputSchema } from "./model";

/** The test alert's words: they contain "test", so the owner (and a check) knows it for what it is. */
const TEST_ALERT = { title: "Strata test alert", body: "This is a test alert: alerts reach this device.", url: ADMIN_LINKS.alerts };

/** The owner's alerts: settings, this device's push subscription, a test alert. Guarded by src/modules/admin. */
export function adminAlertRoutes({
  db,
  env,
  alertSettings,
  alerts,
  outbox,
}: Pick<Deps, "db" | "env" | "alertSettings" | "alerts" | "outbox">) {
  const production = env.NODE_ENV === "production";
  const settingsSchema = settingsInputSchema(production);
  const subscriptionSchema = subscriptionInputSchema(production);
  /** Sends what was just queued now rather than at the outbox's next round, so the test arrives while the owner looks. */
  const deliverSoon = () =>
    void outbox.deliverDue().catch((error: unknown) => log("error", "alert delivery failed", { error: (error as Error).message }));

  return new Elysia({ name: "admin-alerts" })
    .get("/api/admin/notifications", () => alertSettings.view())
    .put("/api/admin/notifications", ({ body }) => {
      const input = parseOrBadRequest(settingsSchema, body);
      writeTransaction(db, () => alertSettings.save(input));
      return alertSettings.view();
    })
    .post("/api/admin/push/subscriptions", ({ body, request, set }) => {
      const input = parseOrBadRequest(subscriptionSchema, body);
      const id = writeTransaction(db, () => alertSettings.addDevice(input, deviceLabel(request.headers.get("user-agent"))));
      set.status = 201;
      return { id };
    })
    .delete("/api/admin/push/subscriptions/:id", ({ params }) => {
      const id = /^[1-9]\d{0,15}$/.test(params.id) ? Number(params.id) : null;
      if (id === null || !writeTransaction(db, () => alertSettings.removeDevice(id))) throw new NotFound(ALERT_MESSAGES.deviceNotFound);
      return { ok: true };
    })
    .post("/api/admin/notifications/test", ({ set }) => {
      const queued = writeTransaction(db, () => alerts.queue("test", `test:${randomUUID()}`, TEST_ALERT));
      if (queued === 0) throw new Conflict(ALERT_MESSAGES.testNowhere);
      deliverSoon();
      set.status = 202;
      return { queued, text: TEST_ALERT.body };
    });
}
