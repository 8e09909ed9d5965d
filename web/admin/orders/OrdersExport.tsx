import { useState } from "react";
import { isReportDay, REPORT_RANGE_MESSAGES as MESSAGES } from "../../../shared/report-range";
import { ukToday } from "../../../shared/uk-day";
import { DateRangeFields, type DayRange } from "../fields";

/** The server's words for the same mistakes (shared/report-range.ts), shown before the download starts. */
function rangeProblem(from: string, to: string): string {
  if (!from || !to) return MESSAGES.missing;
  if (!isReportDay(from)) return MESSAGES.fromOutOfRange;
  if (!isReportDay(to)) return MESSAGES.toOutOfRange;
  return from > to ? MESSAGES.reversed : "";
}

/**
 * The orders of a range of UK days as a spreadsheet for the accountant; this month so far to start with
 * (docs/decisions/0018-takings-and-export.md).
 */
export function OrdersExport() {
  const today = ukToday(new Date());
  const [range, setRange] = useState<DayRange>({ from: `${today.slice(0, 8)}01`, to: today });
  const problem = rangeProblem(range.from, range.to);
  const href = `/api/admin/orders/export.csv?${new URLSearchParams(range)}`;
  return (
    <section className="admin-section card" aria-labelledby="orders-export-title">
      <h2 id="orders-export-title">Export orders</h2>
      <p className="muted">
        A CSV file (opens in Excel, Numbers or Google Sheets) of the orders placed between two UK dates, both included.
      </p>
      <div className="admin-order-search">
        <DateRangeFields labels={{ from: "Orders from", to: "Orders to" }} range={range} onChange={setRange} />
        {problem ? (
          <button type="button" className="button button--primary" disabled>
            Download CSV
          </button>
        ) : (
          <a className="button button--primary" href={href} download>
            Download CSV
          </a>
        )}
      </div>
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
