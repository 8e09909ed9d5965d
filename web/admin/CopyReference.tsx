import { orderReference } from "../../shared/order-view";
import { useCopyText } from "../lib/copy-text";

/** Copies the order reference as it is displayed (docs/product.md#order-reference) for pasting into a reply. */
export function CopyReference({ id }: { id: string }) {
  const reference = orderReference(id);
  return <CopyText text={reference} button="Copy reference" copied={`Copied ${reference}`} failed="Unable to copy order reference" />;
}

/** A button that puts `text` on the clipboard and says, for 3 seconds, whether it did. */
export function CopyText({ text, button, copied, failed }: { text: string; button: string; copied: string; failed: string }) {
  const { state, copy } = useCopyText(text);

  return (
    <span className="admin-copy">
      <button type="button" className="button button--ghost admin-button--small" onClick={() => void copy()}>
        {button}
      </button>
      <span role="status" className={state === "failed" ? "admin-text-danger" : "admin-text-ok"}>
        {state === "copied" ? copied : state === "failed" ? failed : ""}
      </span>
    </span>
  );
}
