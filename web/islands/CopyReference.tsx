import { useEffect, useState } from "react";
import { canCopy, useCopyText } from "../lib/copy-text";

export type CopyReferenceProps = { reference: string };

/**
 * The order page's Copy button for its reference (for a reply, a bank's note, a message to the shop).
 * The server renders nothing: the button appears once the island runs and the browser can copy, so
 * no page ever shows a button that cannot work (docs/decisions/0029-order-page-and-reachable-messages.md).
 */
export function CopyReference({ reference }: CopyReferenceProps) {
  const [ready, setReady] = useState(false);
  const { state, copy } = useCopyText(reference);
  useEffect(() => setReady(canCopy()), []);
  if (!ready) return null;
  return (
    <p className="copy-reference">
      <button
        type="button"
        className="button button--ghost copy-reference__button"
        aria-label="Copy order reference"
        onClick={() => void copy()}
      >
        Copy
      </button>
      <span role="status" className={state === "failed" ? "copy-reference__failed" : "copy-reference__done"}>
        {state === "copied" ? "Copied" : state === "failed" ? "Couldn't copy: select the reference and copy it instead." : ""}
      </span>
    </p>
  );
}
