import { GIFT_MESSAGE_MAX } from "../../shared/basket";

type Props = { value: string; disabled: boolean; onChange: (message: string) => void };

/**
 * The basket's optional gift message: sent with the checkout, kept on the order and printed on the packing
 * slip that goes in the parcel (which never shows prices). The field stops at the checkout's limit.
 */
export function GiftMessageField({ value, disabled, onChange }: Props) {
  const left = GIFT_MESSAGE_MAX - value.length;
  return (
    <div className="basket__gift">
      <label htmlFor="gift-message">Gift message (optional)</label>
      <textarea
        id="gift-message"
        name="giftMessage"
        rows={3}
        maxLength={GIFT_MESSAGE_MAX}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="gift-message-hint"
      />
      <p id="gift-message-hint" className="hint">
        {`Printed on the packing slip in the parcel; prices never are. ${left} ${left === 1 ? "character" : "characters"} left.`}
      </p>
    </div>
  );
}
