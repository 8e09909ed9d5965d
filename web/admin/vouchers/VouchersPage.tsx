import { type FormEvent, useRef, useState } from "react";
import { formatPence, poundsToPence } from "../../../shared/money";
import { formatUkDay, ukToday } from "../../../shared/uk-day";
import type { AdminVoucher, AdminVoucherList } from "../../../src/modules/gift-vouchers/model";
import { apiCall, enc, failureText, isSessionEnd } from "../api";
import { MoneyInput } from "../fields";
import { AdminTable, AmountCell, Notice, ResultNotice, useResult } from "../parts";
import { useLoad } from "../use-load";

const STATUS_WORDS = { active: "Active", void: "Void", expired: "Expired" } as const;
const HISTORY_WORDS: Record<string, string> = {
  issue: "Issued",
  hold: "Held for a checkout",
  release: "Hold given back",
  spend: "Spent",
  refund: "Refund put back",
  void: "Voided",
  adjust: "Adjusted",
};

/** One change of a voucher's balance in words: what, how much, which order, why. */
function historyLine(row: AdminVoucher["history"][number]): string {
  const sign = row.amount_pence < 0 ? "−" : "+";
  const order = row.order_id ? ` (${row.order_id})` : "";
  const reason = row.reason && row.kind !== "refund" ? `: ${row.reason}` : "";
  return `${formatUkDay(ukToday(new Date(row.at)))} ${HISTORY_WORDS[row.kind] ?? row.kind} ${sign}${formatPence(Math.abs(row.amount_pence))}${order}${reason}`;
}

/** /admin/vouchers: sold, spent and outstanding, each voucher with its history, void and top-up (docs/decisions/0054-gift-vouchers.md). */
export function VouchersPage() {
  const [query, setQuery] = useState("");
  // The search the list was last asked for; the loader reads it, so a new search is a reload.
  const asked = useRef("");
  const list = useLoad(
    () => apiCall<AdminVoucherList>(`/api/admin/gift-vouchers${asked.current ? `?q=${enc(asked.current)}` : ""}`),
    "Unable to load gift vouchers",
  );
  const result = useResult();
  const vouchers = list.data?.vouchers ?? [];
  const totals = list.data?.totals;

  async function change(voucher: AdminVoucher, action: "void" | "adjust", body: Record<string, unknown>, done: string) {
    result.clear();
    try {
      await apiCall(`/api/admin/gift-vouchers/${enc(voucher.id)}/${action}`, { method: "POST", json: body });
      result.succeed(done);
      await list.reload();
      return true;
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Not saved", "Not saved: network error"));
      return false;
    }
  }

  return (
    <div className="admin-page">
      <h1>Gift vouchers</h1>
      {list.error ? <Notice tone="error">{list.error}</Notice> : <ResultNotice state={result} />}

      {totals && (
        <section className="admin-section card" aria-label="Gift voucher totals">
          <dl className="admin-voucher-totals">
            <div>
              <dt>Sold</dt>
              <dd>{formatPence(totals.sold_pence)}</dd>
            </div>
            <div>
              <dt>Spent</dt>
              <dd>{formatPence(totals.spent_pence)}</dd>
            </div>
            <div>
              <dt>Outstanding</dt>
              <dd>{formatPence(totals.outstanding_pence)}</dd>
            </div>
          </dl>
        </section>
      )}

      <section className="admin-section card" aria-label="Gift vouchers">
        <form
          className="admin-voucher-search"
          onSubmit={(event) => {
            event.preventDefault();
            asked.current = query.trim();
            void list.reload();
          }}
        >
          <label htmlFor="voucher-search">Find by code, its last four characters or an email</label>
          <div className="admin-voucher-search__row">
            <input id="voucher-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
            <button type="submit" className="button button--ghost">
              Search
            </button>
          </div>
        </form>
        {vouchers.length === 0 ? (
          !list.error && (
            <p className="muted">
              {list.loading ? "Loading gift vouchers…" : asked.current ? "No voucher matches." : "No gift vouchers yet."}
            </p>
          )
        ) : (
          <AdminTable
            label="Gift vouchers table"
            className="admin-table--cards"
            columns={["Code", "Issued", "Spent", "Balance", "Expires", "History and actions"]}
          >
            {vouchers.map((voucher) => (
              <VoucherRow key={voucher.id} voucher={voucher} onChange={change} />
            ))}
          </AdminTable>
        )}
      </section>
    </div>
  );
}

type Change = (voucher: AdminVoucher, action: "void" | "adjust", body: Record<string, unknown>, done: string) => Promise<boolean>;

function VoucherRow({ voucher, onChange }: { voucher: AdminVoucher; onChange: Change }) {
  const [action, setAction] = useState<"adjust" | "void" | null>(null);
  const who = voucher.recipient_email ?? voucher.buyer_email;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String(data.get("reason") ?? "");
    if (action === "void") {
      if (await onChange(voucher, "void", { reason }, `Voucher ${voucher.code} voided.`)) setAction(null);
      return;
    }
    const pounds = Number(String(data.get("amount") ?? ""));
    const sign = data.get("direction") === "off" ? -1 : 1;
    const amount_pence = Number.isFinite(pounds) ? sign * poundsToPence(pounds) : null;
    if (await onChange(voucher, "adjust", { amount_pence, reason }, `Voucher ${voucher.code} adjusted.`)) setAction(null);
  }

  return (
    <tr>
      <td data-label="Code">
        <span className="admin-mono">{voucher.code}</span>
        <span className="muted">{` ${STATUS_WORDS[voucher.status]}`}</span>
        {who && <span className="muted admin-voucher-who">{who}</span>}
      </td>
      <td data-label="Issued" className="admin-num">
        {formatPence(voucher.amount_pence)}
        <span className="muted">{` ${formatUkDay(ukToday(new Date(voucher.issued_at)))}`}</span>
      </td>
      <AmountCell label="Spent">{formatPence(voucher.spent_pence)}</AmountCell>
      <td data-label="Balance" className="admin-num" data-testid="voucher-balance">
        {formatPence(voucher.balance_pence)}
      </td>
      <td data-label="Expires">{formatUkDay(voucher.expires_on)}</td>
      <td data-label="History">
        <details>
          <summary>History</summary>
          <ul className="admin-voucher-history">
            {voucher.history.map((row, index) => (
              // A ledger's rows are only ever added at the end: their place is their identity.
              <li key={index}>{historyLine(row)}</li>
            ))}
          </ul>
        </details>
        {voucher.status !== "void" && action === null && (
          <span className="admin-voucher-actions">
            <button type="button" className="button button--ghost" onClick={() => setAction("adjust")}>
              Top up or take off
            </button>
            <button type="button" className="button button--ghost" onClick={() => setAction("void")}>
              Void
            </button>
          </span>
        )}
        {action && (
          <form className="admin-form admin-voucher-form" onSubmit={(event) => void submit(event)}>
            {action === "adjust" && (
              <>
                <label>
                  Change
                  <select name="direction" defaultValue="up">
                    <option value="up">Top up</option>
                    <option value="off">Take off</option>
                  </select>
                </label>
                <label>
                  Amount (£)
                  <MoneyInput name="amount" required />
                </label>
              </>
            )}
            <label>
              Reason
              <input name="reason" required maxLength={200} />
            </label>
            <span className="admin-voucher-actions">
              <button type="submit" className="button button--primary">
                {action === "void" ? "Void voucher" : "Save change"}
              </button>
              <button type="button" className="button button--ghost" onClick={() => setAction(null)}>
                Cancel
              </button>
            </span>
          </form>
        )}
      </td>
    </tr>
  );
}
