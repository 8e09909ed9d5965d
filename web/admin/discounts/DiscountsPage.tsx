import { type FormEvent, useRef, useState } from "react";
import { formatPence, poundsToPence } from "../../../shared/money";
import { formatUkDay } from "../../../shared/uk-day";
import type { DiscountCode } from "../../../src/modules/discount-codes/model";
import { apiAnswer, apiCall, enc, failureText, isSessionEnd } from "../api";
import { CursorPager } from "../CursorPager";
import { MoneyInput, WholeNumberInput } from "../fields";
import { AdminTable, AmountCell, deleteRow, Notice, ResultNotice, useResult } from "../parts";
import { useLoad } from "../use-load";

const numberOrNull = (text: string) => (text.trim() === "" ? null : Number(text));
const penceOrNull = (text: string) => (text.trim() === "" ? null : poundsToPence(Number(text)));

function termsOf(code: DiscountCode): string {
  const off = code.percent_off !== null ? `${code.percent_off}% off` : `${formatPence(code.amount_off_cents ?? 0)} off`;
  const parts = [off];
  if (code.min_subtotal_cents) parts.push(`over ${formatPence(code.min_subtotal_cents)}`);
  if (code.starts_on) parts.push(`from ${formatUkDay(code.starts_on)}`);
  if (code.ends_on) parts.push(`until ${formatUkDay(code.ends_on)}`);
  return parts.join(", ");
}

type CodePage = { codes: DiscountCode[]; next: string | null };

/**
 * /admin/discounts: create, switch off and delete codes; one column on a phone (docs/decisions/0020-discount-codes.md).
 * The codes in code order, a page at a time by cursor (docs/decisions/0059-every-list-bounded.md): `cursors` holds the
 * X-Next-Cursor that led to each page after the first; a save reloads the page the owner is on.
 */
export function DiscountsPage() {
  const [cursors, setCursors] = useState<string[]>([]);
  const shownCursors = useRef<string[]>([]);
  const codes = useLoad(async (): Promise<CodePage> => {
    const cursor = shownCursors.current.at(-1);
    const path = cursor ? `/api/admin/discount-codes?cursor=${encodeURIComponent(cursor)}` : "/api/admin/discount-codes";
    const { data, headers } = await apiAnswer<DiscountCode[]>(path);
    return { codes: data, next: headers.get("x-next-cursor") };
  }, "Unable to load discount codes");
  const result = useResult();
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const list = codes.data?.codes ?? [];
  const next = codes.data?.next ?? null;
  const pageNumber = cursors.length + 1;

  function showPage(to: string[]) {
    shownCursors.current = to;
    setCursors(to);
    void codes.reload();
  }

  async function save(body: Record<string, unknown>, done: string) {
    result.clear();
    try {
      await apiCall("/api/admin/discount-codes", { method: "POST", json: body });
      result.succeed(done);
      await codes.reload();
      return true;
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Save failed", "Save failed: network error"));
      return false;
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "");
    const value = text("value");
    const saved = await save(
      {
        code: text("code"),
        percent_off: kind === "percent" ? numberOrNull(value) : null,
        amount_off_cents: kind === "amount" ? penceOrNull(value) : null,
        min_subtotal_cents: penceOrNull(text("min")),
        starts_on: text("starts_on") || null,
        ends_on: text("ends_on") || null,
        max_uses: numberOrNull(text("max_uses")),
        active: true,
      },
      "Discount code saved.",
    );
    if (saved) form.reset();
  }

  return (
    <div className="admin-page">
      <h1>Discount codes</h1>
      {codes.error ? <Notice tone="error">{codes.error}</Notice> : <ResultNotice state={result} />}

      <section className="admin-section card" aria-label="New discount code">
        <form className="admin-form admin-discount-form" onSubmit={create}>
          <label>
            Code
            <input name="code" required maxLength={32} autoCapitalize="characters" autoComplete="off" />
          </label>
          <label>
            Kind
            <select value={kind} onChange={(event) => setKind(event.target.value as "percent" | "amount")}>
              <option value="percent">Percentage off</option>
              <option value="amount">Amount off (£)</option>
            </select>
          </label>
          {kind === "percent" ? (
            <label>
              Percentage off
              <WholeNumberInput name="value" required />
            </label>
          ) : (
            <label>
              Amount off (£)
              <MoneyInput name="value" required />
            </label>
          )}
          <label>
            Minimum basket (£, optional)
            <MoneyInput name="min" />
          </label>
          <label>
            Starts on (optional)
            <input name="starts_on" type="date" />
          </label>
          <label>
            Ends on (optional, inclusive)
            <input name="ends_on" type="date" />
          </label>
          <label>
            Use limit (optional)
            <WholeNumberInput name="max_uses" />
          </label>
          <button type="submit" className="button button--primary">
            Save code
          </button>
        </form>
      </section>

      <section className="admin-section card" aria-label="Discount codes">
        {list.length === 0 ? (
          !codes.error && (
            <p className="muted">
              {codes.loading ? "Loading discount codes…" : pageNumber > 1 ? "No more discount codes." : "No discount codes yet."}
            </p>
          )
        ) : (
          <AdminTable label="Discount codes table" className="admin-table--cards" columns={["Code", "Terms", "Used", "Actions"]}>
            {list.map((code) => (
              <tr key={code.code}>
                <td data-label="Code" className="admin-mono">
                  {code.active ? code.code : `${code.code} (off)`}
                </td>
                <td data-label="Terms">{termsOf(code)}</td>
                <AmountCell label="Used">{code.max_uses ? `${code.uses} of ${code.max_uses}` : code.uses}</AmountCell>
                <td data-label="Actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() => {
                      const { uses: _uses, created_at: _created, updated_at: _updated, ...terms } = code;
                      void save(
                        { ...terms, active: !code.active },
                        code.active ? `${code.code} switched off.` : `${code.code} switched on.`,
                      );
                    }}
                  >
                    {code.active ? `Switch off ${code.code}` : `Switch on ${code.code}`}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    onClick={() =>
                      void deleteRow(result, {
                        question: `Delete the code ${code.code}? Orders that used it keep it.`,
                        path: `/api/admin/discount-codes/${enc(code.code)}`,
                        name: code.code,
                        reload: codes.reload,
                      })
                    }
                  >
                    {`Delete ${code.code}`}
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
        {(pageNumber > 1 || next) && <CursorPager label="Discount code pages" cursors={cursors} next={next} onPage={showPage} />}
      </section>
    </div>
  );
}
