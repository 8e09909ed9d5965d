import { csvLine, pounds } from "../admin-orders/export-csv";
import type { MoneyPeriod } from "./model";

const HEADER = ["Quarter", "From", "To", "Income (£)", "Payment charges (£)", "Refunds (£)", "Net (£)", "Fees not known yet"];

/**
 * A tax year's four quarters and their total, for the owner's bookkeeping software or accountant (decision 0050):
 * income is what shoppers paid (gross less discounts), payment charges the provider's fees; income − charges −
 * refunds = net on every line. Five lines, so written whole, with the same BOM and writer as the other exports.
 */
export function quartersCsv(taxYear: number, quarters: MoneyPeriod[]): string {
  const line = (name: string, from: string, to: string, q: Omit<MoneyPeriod, "start" | "end" | "label">) =>
    csvLine([
      name,
      from,
      to,
      pounds(q.gross_cents - q.discount_cents),
      pounds(q.fee_cents),
      pounds(q.refund_cents),
      pounds(q.net_cents),
      String(q.fees_unknown),
    ]);
  const total = quarters.reduce(
    (sum, q) => ({
      gross_cents: sum.gross_cents + q.gross_cents,
      discount_cents: sum.discount_cents + q.discount_cents,
      refund_cents: sum.refund_cents + q.refund_cents,
      fee_cents: sum.fee_cents + q.fee_cents,
      net_cents: sum.net_cents + q.net_cents,
      orders: sum.orders + q.orders,
      fees_unknown: sum.fees_unknown + q.fees_unknown,
    }),
    { gross_cents: 0, discount_cents: 0, refund_cents: 0, fee_cents: 0, net_cents: 0, orders: 0, fees_unknown: 0 },
  );
  let text = `\uFEFF${csvLine(HEADER)}`;
  for (const q of quarters) text += line(q.label, q.start, q.end, q);
  text += line(`Tax year ${taxYear}–${String((taxYear + 1) % 100).padStart(2, "0")}`, quarters[0]!.start, quarters.at(-1)!.end, total);
  return text;
}
