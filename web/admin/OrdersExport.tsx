import { useState } from "react";
import { FIRST_REPORT_DAY, isReportDay, LAST_REPORT_DAY, REPORT_RANGE_MESSAGES as MESSAGES } from "../../shared/report-range";
import { ukToday } from "../../shared/uk-day";

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
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const problem = rangeProblem(from, to);
  const href = `/api/admin/orders/export.csv?${new URLSearchParams({ from, to })}`;
  return (
    <section className="admin-section card" aria-labelledby="orders-export-title">
      <h2 id="orders-export-title">Export orders</h2>
      <p className="muted">
        A CSV file (opens in Excel, Numbers or Google Sheets) of the orders placed between two UK dates, both included.
      </p>
      <div className="admin-order-search">
        <label>
          <span>Orders from</span>
          <input type="date" min={FIRST_REPORT_DAY} max={LAST_REPORT_DAY} value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          <span>Orders to</span>
          <input type="date" min={FIRST_REPORT_DAY} max={LAST_REPORT_DAY} value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
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
