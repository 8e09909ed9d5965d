import { formatPence } from "../../shared/money";
import type { DashboardStats } from "./types";

/** The turnover at which a UK business must register for VAT (HMRC, since 1 April 2024), in pence. */
const VAT_THRESHOLD_PENCE = 9_000_000;

/** The sentence under the 12-month figure: how near the shop is to having to register for VAT. */
function vatSentence(pence: number): string {
  const share = Math.floor((Math.max(pence, 0) / VAT_THRESHOLD_PENCE) * 100);
  if (pence >= VAT_THRESHOLD_PENCE) {
    return `Takings over the last 12 months are above the £90,000 VAT registration threshold: you must register for VAT with HMRC within 30 days.`;
  }
  return `Takings over the last 12 months are ${share}% of the £90,000 VAT registration threshold (${formatPence(VAT_THRESHOLD_PENCE - Math.max(pence, 0), { dropZeroPence: true })} to go).`;
}

/** The VAT line under the takings: on the dashboard and on the Money page (docs/decisions/0050-money-that-reconciles.md). */
export function VatThresholdLine({ pence }: { pence: number }) {
  return <p data-testid="vat-threshold">{vatSentence(pence)}</p>;
}

/**
 * How business is going (takings in £) and what needs doing (to dispatch, replies, low stock), with best sellers
 * (docs/decisions/0018-takings-and-export.md).
 */
export function BusinessFigures({ stats }: { stats: DashboardStats }) {
  const { takings } = stats;
  const periods = [
    { label: "Today", pence: takings.today },
    { label: "Last 7 days", pence: takings.last_7_days },
    { label: "Last 30 days", pence: takings.last_30_days },
    { label: "Last 12 months", pence: takings.last_12_months },
  ];
  return (
    <>
      <section className="admin-section card" aria-labelledby="takings-title">
        <h2 id="takings-title">Takings</h2>
        <p className="muted">Paid orders minus refunds, by UK day.</p>
        <dl className="admin-stats" data-testid="takings">
          {periods.map((period) => (
            <div key={period.label} className="admin-stat">
              <dt>{period.label}</dt>
              <dd>{formatPence(period.pence)}</dd>
            </div>
          ))}
        </dl>
        <VatThresholdLine pence={takings.last_12_months} />
      </section>

      <section className="admin-section card" aria-labelledby="to-do-title">
        <h2 id="to-do-title">To do</h2>
        <dl className="admin-stats">
          <div className="admin-stat">
            <dt>Orders to dispatch</dt>
            <dd>{stats.to_dispatch}</dd>
          </div>
          <div className="admin-stat">
            <dt>Requests awaiting a reply</dt>
            <dd>{stats.awaiting_reply}</dd>
          </div>
        </dl>
        <h3>Low stock ({stats.low_stock_threshold} or fewer left)</h3>
        {stats.low_stock.length === 0 ? (
          <p className="muted">Nothing is running low.</p>
        ) : (
          <ul className="admin-figure-list">
            {stats.low_stock.map((item) => (
              <li key={`${item.product_id}/${item.variant_id ?? ""}`}>
                <span>{item.name}</span>
                <span>{item.stock} left</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section card" aria-labelledby="best-sellers-title">
        <h2 id="best-sellers-title">Best sellers, last 30 days</h2>
        {stats.best_sellers.length === 0 ? (
          <p className="muted">No sales in the last 30 days.</p>
        ) : (
          <ol className="admin-figure-list">
            {stats.best_sellers.map((item) => (
              <li key={item.product_id}>
                <span>{item.name}</span>
                <span>
                  {item.units} sold · {formatPence(item.amount_cents)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
