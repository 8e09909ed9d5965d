import { useEffect, useRef, useState } from "react";
import { orderReference } from "../../shared/order-view";

/** Copies the order reference as it is displayed (spec section 9) for pasting into a reply. */
export function CopyReference({ id }: { id: string }) {
  const reference = orderReference(id);
  return <CopyText text={reference} button="Copy reference" copied={`Copied ${reference}`} failed="Unable to copy order reference" />;
}

/** A button that puts `text` on the clipboard and says, for 3 seconds, whether it did. */
export function CopyText({ text, button, copied, failed }: { text: string; button: string; copied: string; failed: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 3_000);
  }

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
