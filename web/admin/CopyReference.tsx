import { useEffect, useRef, useState } from "react";
import { orderReference } from "../../shared/order-view";

/** Copies the order reference as it is displayed (spec section 9) for pasting into a reply. */
export function CopyReference({ id }: { id: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const reference = orderReference(id);

  async function copy() {
    try {
      await navigator.clipboard.writeText(reference);
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
        Copy reference
      </button>
      <span role="status" className={state === "failed" ? "admin-text-danger" : "admin-text-ok"}>
        {state === "copied" ? `Copied ${reference}` : state === "failed" ? "Unable to copy order reference" : ""}
      </span>
    </span>
  );
}
