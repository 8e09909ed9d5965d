import { useEffect, useRef, useState } from "react";
import { formatPence } from "../../../shared/money";
import { checkOutBasket } from "../../lib/basket-checkout";
import { uploadPreview } from "../../lib/upload-preview";

/** The line just added, as the panel shows it. */
export type AddedLine = {
  name: string;
  variantName?: string;
  /** A line more under the name: a model's file and choices. */
  detail?: string;
  pricePence: number;
  file?: { kind: "gpx" | "image"; token: string; name: string };
};

/**
 * Shown under the 'Added to basket' chip once something is added on a product page
 * (docs/decisions/0022-phone-shopping-and-finding-an-order.md): what went in, with the route's map or
 * the photo, and the two ways on. Checkout is the basket's own (checkOutBasket), so the same checks and
 * the same payment page follow. It stays until closed or replaced by the next add; the chip keeps its 2
 * seconds.
 */
export function AddedPanel({ line, onClose }: { line: AddedLine; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  // State lands after the click handler returns; the ref shuts out a second tap at once.
  const inFlight = useRef(false);

  useEffect(() => {
    // Back from the payment page, the browser may restore this page as it was left: mid-checkout.
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setBusy(false);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  async function checkout() {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    const leaving = await checkOutBasket().catch(() => false);
    if (!leaving) {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const { file } = line;
  return (
    <section className="added-panel" aria-labelledby="added-panel-title">
      <div className="added-panel__line">
        {file && (
          <img
            className={`added-panel__thumb added-panel__thumb--${file.kind}`}
            src={uploadPreview(file.token, file.kind === "gpx" ? "svg" : "jpg")}
            alt=""
            width={file.kind === "gpx" ? 80 : 36}
            height={file.kind === "gpx" ? 50 : 48}
          />
        )}
        <div className="added-panel__text">
          <h2 id="added-panel-title" className="added-panel__title">
            In your basket
          </h2>
          <p className="added-panel__name">{line.name}</p>
          {line.variantName && <p className="added-panel__detail">{line.variantName}</p>}
          {line.detail && <p className="added-panel__detail">{line.detail}</p>}
          {file && (
            <p className="added-panel__detail">
              {file.kind === "gpx" ? "Route" : "Photo"}: {file.name}
            </p>
          )}
          <p className="added-panel__price">{formatPence(line.pricePence)}</p>
        </div>
        <button type="button" className="added-panel__close" aria-label="Keep shopping" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="added-panel__actions">
        <a className="button button--secondary" href="/basket">
          View basket
        </a>
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void checkout()}>
          {busy ? "Starting checkout…" : "Checkout"}
        </button>
      </div>
    </section>
  );
}
