import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { BadRequest } from "../../errors";
import { parseOrBadRequest } from "../validate";
import { checkoutRequestSchema, confirmRequestSchema, sessionIdSchema } from "./model";

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

export function checkoutRoutes({ checkout }: Pick<Deps, "checkout">) {
  return new Elysia({ name: "checkout" })
    .post("/api/checkout", async ({ body, headers }) => {
      const { items } = parseOrBadRequest(checkoutRequestSchema, body);
      const key = headers["idempotency-key"] ?? null;
      if (key !== null && !IDEMPOTENCY_KEY.test(key)) {
        throw new BadRequest("The Idempotency-Key header must be 8 to 100 letters, digits, hyphens or underscores.");
      }
      return checkout.start(items, key);
    })
    .get("/api/checkout/session", ({ query }) => checkout.sessionView(parseOrBadRequest(sessionIdSchema, query.id)))
    .post("/api/checkout/confirm", async ({ body, set }) => {
      const { id } = parseOrBadRequest(confirmRequestSchema, body);
      const answer = await checkout.confirm(parseOrBadRequest(sessionIdSchema, id));
      // 202: accepted, payment still on its way; the page asks again.
      if (answer.orderId === null) set.status = 202;
      return answer;
    });
}
