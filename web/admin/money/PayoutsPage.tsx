import { formatPence } from "../../../shared/money";
import { formatUkDay } from "../../../shared/uk-day";
import type { PayoutView } from "../../../src/modules/money/payouts";
import { apiCall } from "../api";
import { AdminTable, AmountCell, Notice } from "../parts";
import { navigate } from "../router";
import { useLoad } from "../use-load";

const COLUMNS = [
  "Arrives",
  "Payout",
  "Status",
  "Orders and refunds",
  { label: "Other lines", align: "num" as const },
  { label: "Amount", align: "num" as const },
];

/**
 * /admin/payouts: each Stripe payout, newest first, with the orders and refunds inside it, so the line on the bank
 * statement matches; Stripe's other lines (adjustments, disputes) as they are (docs/decisions/0050-money-that-reconciles.md).
 */
export function PayoutsPage() {
  const payouts = useLoad(() => apiCall<PayoutView[]>("/api/admin/payouts"), "Unable to load payouts");
  const list = payouts.data ?? [];
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Payouts</h1>
      </header>
      <section className="admin-section card" aria-labelledby="payouts-title">
        <h2 id="payouts-title">From Stripe to your bank</h2>
        <p className="muted">
          What Stripe has paid into your bank, and the orders and refunds in each payout. Read from Stripe every hour.
        </p>
        {payouts.error && <Notice tone="error">{payouts.error}</Notice>}
        {payouts.data && list.length === 0 && <p className="muted">No payouts from Stripe yet.</p>}
        {list.length > 0 && (
          <AdminTable label="Payouts" className="admin-table--cards" testId="payouts-table" columns={COLUMNS}>
            {list.map((payout) => (
              <tr key={payout.id}>
                <td data-label="Arrives" className="admin-nowrap">
                  {formatUkDay(payout.arrival_date)}
                </td>
                <td data-label="Payout" className="admin-mono admin-break">
                  {payout.id}
                </td>
                <td data-label="Status">{payout.status.replace("_", " ")}</td>
                <td data-label="Orders and refunds">
                  {payout.orders.map((id) => (
                    <button
                      key={id}
                      type="button"
                      className="admin-link-button admin-mono"
                      onClick={() => navigate("/admin/orders", { order: id })}
                    >
                      {id}
                    </button>
                  ))}
                  {payout.refunds.length > 0 && (
                    <span className="admin-cell-sub">{payout.refunds.length === 1 ? "1 refund" : `${payout.refunds.length} refunds`}</span>
                  )}
                  {payout.others.map((line) => (
                    <span key={line.balance_transaction} className="admin-cell-sub">
                      {line.type.replaceAll("_", " ")}: {formatPence(line.net_cents)}
                    </span>
                  ))}
                </td>
                <AmountCell label="Other lines">{formatPence(payout.other_cents)}</AmountCell>
                <AmountCell label="Amount">{formatPence(payout.amount_cents)}</AmountCell>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}
