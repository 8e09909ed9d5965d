import type { PriceAnswer, PriceBreakdown } from "../../../shared/instant-prices";
import { formatMinus, formatPence } from "../../../shared/money";
import { BY_HAND, isRange, priceHeadline, workText } from "../../lib/model-price";

export type PriceState =
  | { status: "idle" }
  | { status: "loading"; last: PriceAnswer | null }
  | { status: "ready"; answer: PriceAnswer }
  | { status: "error"; message: string };

/**
 * What the shop answered for the model and choices: the price with its breakdown and dispatch day, or
 * that a person will price it, with the reasons. A new answer replaces the old one in place; while it
 * is worked out the last one stays, dimmed, so the page does not jump.
 */
export function ModelPrice({ state, materialName }: { state: PriceState; materialName: string }) {
  if (state.status === "idle") return null;
  if (state.status === "error") {
    return (
      <p className="model-price model-price--error" role="alert">
        {state.message}
      </p>
    );
  }
  const answer = state.status === "ready" ? state.answer : state.last;
  if (!answer) {
    return (
      <p className="model-price model-price--loading" role="status">
        Working out your price…
      </p>
    );
  }
  const busy = state.status === "loading";
  const breakdown: PriceBreakdown = answer.breakdown;
  return (
    <section className={`model-price ${busy ? "is-busy" : ""}`} aria-live="polite" aria-busy={busy} aria-label="Your price">
      {answer.status === "instant" && answer.amount_pence !== null ? (
        <>
          <p className="model-price__headline" data-testid="model-price">
            {priceHeadline(answer)}
          </p>
          {isRange(answer) && (
            <p className="model-price__note">
              {`A range until the shop's printers are calibrated. You pay ${formatPence(answer.amount_pence)} at checkout.`}
            </p>
          )}
          <details className="model-price__breakdown">
            <summary>How this price is made</summary>
            <dl>
              <Row label="Material" pence={breakdown.material_pence} />
              <Row label="Printing time" pence={breakdown.machine_pence} />
              <Row label="Setup" pence={breakdown.setup_pence} />
              {breakdown.support_pence > 0 && <Row label="Supports" pence={breakdown.support_pence} />}
              <Row label="Workshop margin" pence={breakdown.markup_pence} />
              {breakdown.discount_pence > 0 && <Row label="Quantity discount" pence={-breakdown.discount_pence} />}
              {breakdown.minimum_top_up_pence > 0 && <Row label="Up to the minimum charge" pence={breakdown.minimum_top_up_pence} />}
            </dl>
            <p className="hint">{`${workText(answer, materialName)}.`}</p>
          </details>
        </>
      ) : (
        <div className="model-price__review" data-testid="model-review">
          <p className="model-price__headline">{BY_HAND}</p>
          {answer.reasons.length > 0 && (
            <ul className="model-price__reasons">
              {answer.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function Row({ label, pence }: { label: string; pence: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{pence < 0 ? formatMinus(-pence) : formatPence(pence)}</dd>
    </div>
  );
}
