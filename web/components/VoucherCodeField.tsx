import { useState } from "react";
import { formatPence } from "../../shared/money";

/** A gift voucher applied in the basket: its code as typed and what it has to spend (docs/decisions/0054-gift-vouchers.md). */
export type AppliedVoucher = { code: string; balancePence: number };

type Props = {
  applied: AppliedVoucher | null;
  problem: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** The basket's gift voucher field: the server checks the code and says its balance; the checkout spends it. */
export function VoucherCodeField({ applied, problem, busy, onApply, onRemove }: Props) {
  const [code, setCode] = useState("");
  if (applied) {
    return (
      <p className="basket__discount-applied" role="status">
        {`Gift voucher applied: ${formatPence(applied.balancePence)} to spend. `}
        <button type="button" className="button button--ghost" onClick={onRemove}>
          Remove voucher
        </button>
      </p>
    );
  }
  return (
    <form
      className="basket__discount"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) onApply(code.trim());
      }}
    >
      <label htmlFor="voucher-code">Gift voucher</label>
      <div className="basket__discount-row">
        <input
          id="voucher-code"
          name="voucherCode"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={problem ? "voucher-code-problem" : undefined}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? "Checking…" : "Apply"}
        </button>
      </div>
      {problem && (
        <p id="voucher-code-problem" className="basket__discount-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
