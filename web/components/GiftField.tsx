import { GIFT_FROM_MAX, GIFT_MESSAGE_MAX, type Gift, giftFromLine, tidyGiftText } from "../../shared/gift";
import type { GiftDraft } from "../lib/basket-gift-store";

/** What the checkout is sent: a ticked gift's tidied words (the server checks them), or null when not ticked. */
export function giftOf(draft: GiftDraft): Gift | null {
  if (!draft.isGift) return null;
  return { message: tidyGiftText(draft.message), from: tidyGiftText(draft.from) || null };
}

type Props = { value: GiftDraft; disabled: boolean; onChange: (gift: GiftDraft) => void };

/**
 * The basket's "This is a gift" (docs/decisions/0049-gift-orders.md): ticked, the message and who it is from are sent
 * with the checkout, printed on a gift note card in the parcel (the packing slip never shows prices), and the card is
 * shown here exactly as it will print. The fields stop at the checkout's limits.
 */
export function GiftField({ value, disabled, onChange }: Props) {
  const left = GIFT_MESSAGE_MAX - value.message.length;
  const message = tidyGiftText(value.message);
  const from = giftFromLine({ message, from: tidyGiftText(value.from) || null });
  return (
    <div className="basket__gift">
      <label className="basket__gift-tick">
        <input
          type="checkbox"
          checked={value.isGift}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, isGift: event.target.checked })}
        />
        This is a gift
      </label>
      {value.isGift && (
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
      )}
    </div>
  );
}
