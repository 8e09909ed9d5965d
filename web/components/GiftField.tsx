import { lazy, Suspense } from "react";
import { type Gift, tidyGiftText } from "../../shared/gift";
import type { GiftDraft } from "../lib/basket-gift-store";

/** What the checkout is sent: a ticked gift's tidied words (the server checks them), or null when not ticked. */
export function giftOf(draft: GiftDraft): Gift | null {
  if (!draft.isGift) return null;
  return { message: tidyGiftText(draft.message), from: tidyGiftText(draft.from) || null };
}

const GiftNote = lazy(() => import("./GiftNote").then((module) => ({ default: module.GiftNote })));

export type GiftFieldProps = { value: GiftDraft; disabled: boolean; onChange: (gift: GiftDraft) => void };

/**
 * The basket's "This is a gift" (docs/decisions/0049-gift-orders.md): ticked, the message and who it is from are sent
 * with the checkout, printed on a gift note card in the parcel (the packing slip never shows prices), and the card is
 * shown here exactly as it will print. The fields stop at the checkout's limits.
 */
export function GiftField({ value, disabled, onChange }: GiftFieldProps) {
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
        <Suspense fallback={null}>
          <GiftNote value={value} disabled={disabled} onChange={onChange} />
        </Suspense>
      )}
    </div>
  );
}
