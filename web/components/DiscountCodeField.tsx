import { useState } from "react";

type Props = {
  /** The code applied now (upper case), or null. */
  applied: string | null;
  /** The server's refusal of the last code tried, or null. */
  problem: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** The basket's code field: the server checks the code and prices it; this only collects it. */
export function DiscountCodeField({ applied, problem, busy, onApply, onRemove }: Props) {
  const [code, setCode] = useState("");
  if (applied) {
    return (
      <p className="basket__discount-applied" role="status">
        {`Code ${applied} applied. `}
        <button type="button" className="button button--ghost" onClick={onRemove}>
          Remove code
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
      <label htmlFor="discount-code">Discount code</label>
      <div className="basket__discount-row">
        <input
          id="discount-code"
          name="discountCode"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={problem ? "discount-code-problem" : undefined}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? "Checking…" : "Apply"}
        </button>
      </div>
      {problem && (
        <p id="discount-code-problem" className="basket__discount-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
