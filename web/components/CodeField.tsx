import { useState } from "react";

/** What a basket's code field is for: its words and its input's names. */
type CodeKind = {
  /** The input's label. */
  label: string;
  /** The input's id and name. */
  id: string;
  name: string;
  maxLength: number;
  /** The remove button's words once a code is applied. */
  remove: string;
};

type Props = {
  kind: CodeKind;
  /** The line shown once a code is applied, or null while none is. */
  appliedText: string | null;
  /** The server's refusal of the last code tried, or null. */
  problem: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/**
 * A code the basket sends to the server to check (a discount code, a gift voucher): this only collects it and shows
 * what the server said. One field, so both read and behave alike.
 */
export function CodeField({ kind, appliedText, problem, busy, onApply, onRemove }: Props) {
  const [code, setCode] = useState("");
  const problemId = `${kind.id}-problem`;
  if (appliedText !== null) {
    return (
      <p className="basket__discount-applied" role="status">
        {`${appliedText} `}
        <button type="button" className="button button--ghost" onClick={onRemove}>
          {kind.remove}
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
      <label htmlFor={kind.id}>{kind.label}</label>
      <div className="basket__discount-row">
        <input
          id={kind.id}
          name={kind.name}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={kind.maxLength}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={problem ? problemId : undefined}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {busy ? "Checking…" : "Apply"}
        </button>
      </div>
      {problem && (
        <p id={problemId} className="basket__discount-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
