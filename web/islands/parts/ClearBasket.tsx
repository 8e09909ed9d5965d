import { useEffect, useRef, useState } from "react";
import { clearBasket } from "../../lib/basket-gift-store";

/**
 * The basket's Clear button (docs/product.md#basket), which asks before emptying: a thumb near Checkout
 * must not lose a basket of personalised prints. The question sits in the page, under the button
 * (window.confirm would look like the browser's, and some phones block it); "Keep my basket" has
 * the focus, so a second stray tap or Enter keeps everything.
 */
export function ClearBasket({ disabled }: { disabled: boolean }) {
  const [asking, setAsking] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const clear = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) keep.current?.focus();
    else if (wasAsking.current) clear.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button ref={clear} type="button" className="button button--ghost" disabled={disabled} onClick={() => setAsking(true)}>
        Clear
      </button>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a question with two answers, not a form's fieldset
    <div
      className="clear-basket"
      role="group"
      aria-labelledby="clear-basket-question"
      onKeyDown={(event) => event.key === "Escape" && setAsking(false)}
    >
      <p id="clear-basket-question" className="clear-basket__question">
        Remove everything from your basket?
      </p>
      <div className="clear-basket__answers">
        <button type="button" className="button button--ghost clear-basket__empty" onClick={() => clearBasket()}>
          Empty basket
        </button>
        <button ref={keep} type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          Keep my basket
        </button>
      </div>
    </div>
  );
}
