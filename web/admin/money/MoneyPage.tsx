import { useEffect, useState } from "react";
import { formatMinus, formatPence } from "../../../shared/money";
import { FIRST_REPORT_DAY, LAST_REPORT_DAY } from "../../../shared/report-range";
import { addUkDays, ukToday } from "../../../shared/uk-day";
import type { MoneyPeriod } from "../../../src/modules/money/model";
import { apiCall, failureText, isSessionEnd } from "../api";
import { VatThresholdLine } from "../BusinessFigures";
import { AdminTable, AmountCell, Notice } from "../parts";
import type { DashboardStats } from "../types";
import { useLoad } from "../use-load";

type PeriodKind = "day" | "month" | "quarter";

/** The tax year (named by the year it starts, 6 April) that a UK day is in. */
function taxYearOf(day: string): number {
  const year = Number(day.slice(0, 4));
  return day.slice(5) >= "04-06" ? year : year - 1;
}

/** Where each period starts out: the last 30 days by day, the current tax year by month and by quarter. */
function startingRange(kind: PeriodKind, today: string): { from: string; to: string } {
  if (kind === "day") return { from: addUkDays(today, -29), to: today };
  const year = taxYearOf(today);
  return { from: `${year}-04-06`, to: `${year + 1}-04-05` };
}

/** An amount taken off, with its minus sign; nothing taken off is plain £0.00. */
const minus = (pence: number) => (pence === 0 ? formatPence(0) : formatMinus(pence));

/** The periods for a query, asked again whenever the query changes; the server's words when it refuses one. */
function usePeriods(query: string): { data: { periods: MoneyPeriod[] } | null; error: string } {
  const [answer, setAnswer] = useState<{ data: { periods: MoneyPeriod[] } | null; error: string }>({ data: null, error: "" });
  useEffect(() => {
    let current = true;
    apiCall<{ periods: MoneyPeriod[] }>(`/api/admin/money?${query}`).then(
      (data) => current && setAnswer({ data, error: "" }),
      (caught) =>
        current && !isSessionEnd(caught) && setAnswer({ data: null, error: failureText(caught, "Unable to load the money figures") }),
    );
    return () => {
      current = false;
    };
  }, [query]);
  return answer;
}

const COLUMNS = [
  "Period",
  { label: "Gross", align: "num" as const },
  { label: "Discounts", align: "num" as const },
  { label: "Refunds", align: "num" as const },
  { label: "Fees", align: "num" as const },
  { label: "Net", align: "num" as const },
  { label: "Orders", align: "num" as const },
];

/**
 * /admin/money: gross, discounts, refunds, payment fees and net by day, month or UK tax quarter, the VAT line, and
 * the two CSVs for the bookkeeping (docs/decisions/0050-money-that-reconciles.md).
 */
export function MoneyPage() {
  const today = ukToday(new Date());
  const [kind, setKind] = useState<PeriodKind>("quarter");
  const [range, setRange] = useState(startingRange("quarter", today));
  const [taxYear, setTaxYear] = useState(taxYearOf(today));
  const query = new URLSearchParams({ period: kind, ...range }).toString();
  const money = usePeriods(query);
  const stats = useLoad(() => apiCall<DashboardStats>("/api/admin/dashboard/stats"), "Unable to load the takings");
  const periods = money.data?.periods ?? [];
  const unknown = periods.reduce((sum, period) => sum + period.fees_unknown, 0);

  return (
    <div className="admin-page admin-money">
      <header className="admin-page__header">
        <h1>Money</h1>
      </header>
      <section className="admin-section card" aria-labelledby="money-title">
        <h2 id="money-title">By period</h2>
        <p className="muted">
          Gross sales, discounts, refunds, payment fees and what reached the shop, by UK day, month or tax quarter (6 April – 5 July, 6 July
          – 5 October, 6 October – 5 January, 6 January – 5 April). Gross − discounts − refunds − fees = net.
        </p>
        <div className="admin-order-search">
          <label>
            <span>Sum by</span>
            <select
              value={kind}
              onChange={(event) => {
                const next = event.target.value as PeriodKind;
                setKind(next);
                setRange(startingRange(next, today));
              }}
            >
              <option value="day">Day</option>
              <option value="month">Month</option>
              <option value="quarter">Tax quarter</option>
            </select>
          </label>
          <label>
            <span>From</span>
            <input
              type="date"
              min={FIRST_REPORT_DAY}
              max={LAST_REPORT_DAY}
              value={range.from}
              onChange={(e) => setRange({ ...range, from: e.target.value })}
            />
          </label>
          <label>
            <span>To</span>
            <input
              type="date"
              min={FIRST_REPORT_DAY}
              max={LAST_REPORT_DAY}
              value={range.to}
              onChange={(e) => setRange({ ...range, to: e.target.value })}
            />
          </label>
        </div>
        {money.error && <Notice tone="error">{money.error}</Notice>}
        {periods.length > 0 && (
          <AdminTable label="Money by period" className="admin-table--cards admin-money__table" testId="money-table" columns={COLUMNS}>
            {periods.map((period) => (
              <tr key={period.start}>
                <td data-label="Period" className="admin-money__period">
                  {period.label}
                </td>
                <AmountCell label="Gross">{formatPence(period.gross_cents)}</AmountCell>
                <AmountCell label="Discounts">{minus(period.discount_cents)}</AmountCell>
                <AmountCell label="Refunds">{minus(period.refund_cents)}</AmountCell>
                <td data-label="Fees" className="admin-num">
                  {minus(period.fee_cents)}
                  {period.fees_unknown > 0 ? "*" : ""}
                </td>
                <AmountCell label="Net">{formatPence(period.net_cents)}</AmountCell>
                <AmountCell label="Orders">{period.orders}</AmountCell>
              </tr>
            ))}
          </AdminTable>
        )}
        {unknown > 0 && (
          <p className="muted" data-testid="fees-unknown">
            * {unknown === 1 ? "1 payment or refund has" : `${unknown} payments or refunds have`} a fee Stripe has not settled yet; it is
            left out until it is known.
          </p>
        )}
        {stats.data && <VatThresholdLine pence={stats.data.takings.last_12_months} />}
      </section>

      <section className="admin-section card" aria-labelledby="money-downloads-title">
        <h2 id="money-downloads-title">For your bookkeeping</h2>
        <p className="muted">CSV files that open in Excel, Numbers or Google Sheets, or import into bookkeeping software.</p>
        <p>
          <a className="button button--secondary" href={`/api/admin/money/transactions.csv?${new URLSearchParams(range)}`} download>
            Transactions CSV ({range.from} to {range.to})
          </a>
        </p>
        <div className="admin-order-search">
          <label>
            <span>Tax year starting 6 April</span>
            <input type="number" min={2000} max={2099} value={taxYear} onChange={(event) => setTaxYear(Number(event.target.value))} />
          </label>
          <a className="button button--secondary" href={`/api/admin/money/quarters.csv?tax_year=${taxYear}`} download>
            Quarterly summary CSV
          </a>
        </div>
      </section>
    </div>
  );
}
