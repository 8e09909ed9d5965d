import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { csvAttachment, exportRangeSchema } from "../admin-orders/orders-export";
import { parseOrBadRequest } from "../validate";
import { moneyQuerySchema, taxYearQuerySchema } from "./model";
import { quartersCsv } from "./quarters-csv";

/** /admin/money: the shop's money by day, month or UK tax quarter, and its two CSVs (decision 0050). Guarded by src/modules/admin. */
export function adminMoneyRoutes({ money, ordersExport, payouts }: Pick<Deps, "money" | "ordersExport" | "payouts">) {
  return new Elysia({ name: "admin-money" })
    .get("/api/admin/payouts", () => payouts.list())
    .get("/api/admin/money", ({ query }) => {
      const { period, from, to } = parseOrBadRequest(moneyQuerySchema, query);
      return { periods: money.periods(period, from, to) };
    })
    .get("/api/admin/money/transactions.csv", ({ query }) => {
      const range = parseOrBadRequest(exportRangeSchema, query);
      // Read by the orders export's worker and streamed (docs/decisions/0032-exports-off-the-main-thread.md).
      return csvAttachment(ordersExport.csv(range, "transactions"), `transactions-${range.from}-to-${range.to}.csv`);
    })
    .get("/api/admin/money/quarters.csv", ({ query }) => {
      const { tax_year: taxYear } = parseOrBadRequest(taxYearQuerySchema, query);
      const quarters = money.periods("quarter", `${taxYear}-04-06`, `${taxYear + 1}-04-05`);
      return csvAttachment(quartersCsv(taxYear, quarters), `tax-year-${taxYear}-quarters.csv`);
    });
}
