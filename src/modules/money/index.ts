import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { pickEncoding } from "../../http/compression";
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
    .get("/api/admin/money/transactions.csv", ({ query, request }) => {
      const range = parseOrBadRequest(exportRangeSchema, query);
      // Read by the orders export's worker, streamed and gzipped there (docs/decisions/0032-exports-off-the-main-thread.md, 0044).
      const gzip = pickEncoding(request.headers.get("accept-encoding"), ["gzip"]) === "gzip";
      return csvAttachment(ordersExport.csv(range, { gzip, kind: "transactions" }), `transactions-${range.from}-to-${range.to}.csv`, {
        gzip,
      });
    })
    .get("/api/admin/money/quarters.csv", ({ query }) => {
      const { tax_year: taxYear } = parseOrBadRequest(taxYearQuerySchema, query);
      const quarters = money.periods("quarter", `${taxYear}-04-06`, `${taxYear + 1}-04-05`);
      return csvAttachment(quartersCsv(taxYear, quarters), `tax-year-${taxYear}-quarters.csv`);
    });
}
