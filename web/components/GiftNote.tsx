import { GIFT_FROM_MAX, GIFT_MESSAGE_MAX, giftFromLine, tidyGiftText } from "../../shared/gift";
import type { GiftFieldProps } from "./GiftField";

/**
 * A ticked gift's message, who it is from and the card as it will print (docs/decisions/0049-gift-orders.md), loaded
 * once the shopper ticks "This is a gift": most baskets are not gifts, and the basket's first script stays small.
 */
export function GiftNote({ value, disabled, onChange }: GiftFieldProps) {
  const left = GIFT_MESSAGE_MAX - value.message.length;
  const message = tidyGiftText(value.message);
  const from = giftFromLine({ message, from: tidyGiftText(value.from) || null });
  return (
    <>
      <label htmlFor="gift-message">Gift message</label>
      <textarea
        id="gift-message"
        name="giftMessage"
        rows={3}
        maxLength={GIFT_MESSAGE_MAX}
        required
        value={value.message}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, message: event.target.value })}
        aria-describedby="gift-message-hint"
      />
      <p id="gift-message-hint" className="hint">
        {`Printed on a gift note card in the parcel; prices never are. ${left} ${left === 1 ? "character" : "characters"} left.`}
      </p>
      <label htmlFor="gift-from">From (optional)</label>
      <input
        id="gift-from"
        name="giftFrom"
        type="text"
        autoComplete="name"
        maxLength={GIFT_FROM_MAX}
        value={value.from}
        disabled={disabled}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
      />
      <p className="hint">On the payment page, give the address of the person it is for as the delivery address.</p>
      {message && (
        <figure className="basket__gift-card" aria-label="Your gift note card">
          <figcaption className="hint">Your card will read:</figcaption>
          <p className="basket__gift-message">{message}</p>
          {from && <p className="basket__gift-from">{from}</p>}
        </figure>
      )}
    </>
  );
}
