import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { parseOrBadRequest } from "../validate";
import { moneyQuerySchema } from "./model";

/** /admin/money: the shop's money by day, month or UK tax quarter (decision 0050). Guarded by src/modules/admin. */
export function adminMoneyRoutes({ money }: Pick<Deps, "money">) {
  return new Elysia({ name: "admin-money" }).get("/api/admin/money", ({ query }) => {
    const { period, from, to } = parseOrBadRequest(moneyQuerySchema, query);
    return { periods: money.periods(period, from, to) };
  });
}
