import type { Database } from "bun:sqlite";
import { formatPence } from "../../../shared/money";
import { formatUkDay, ukToday } from "../../../shared/uk-day";
import { BadRequest, Conflict } from "../../errors";
import type { DiscountCodeName } from "./model";
import { discountCodeStore } from "./store";

/** Every use left is held by a checkout still waiting for payment: one may come back if it is not paid. */
const DISCOUNT_USES_HELD = (code: string) =>
  `Every remaining use of the discount code ${code} is held by a checkout waiting for payment. Try again in half an hour in case one is not paid, or remove the code to pay the full price.`;

export type PricedDiscount = { code: DiscountCodeName; discountCents: number };

/**
 * What a code takes off this subtotal today, or a refusal saying why not.
 * Percent: rounded down to a whole penny (the shop never gives more than the
 * stated percentage). Fixed: capped at the subtotal, so nothing goes below £0.
 * Run inside the checkout's transaction so the uses read are current: paid
 * uses and the uses held by checkouts waiting for payment together stay within
 * `max_uses` (decision 0025). `ownBasketId`'s checkouts are not counted: the
 * basket's next checkout replaces them, so its own hold never blocks it.
 */
export function priceDiscount(
  db: Database,
  code: DiscountCodeName,
  subtotalCents: number,
  at: Date,
  ownBasketId: string | null = null,
): PricedDiscount {
  const store = discountCodeStore(db);
  const found = store.byCode(code);
  if (!found) throw new BadRequest(`The discount code ${code} does not exist. Check the spelling, or remove it to pay the full price.`);
  if (!found.active) throw new BadRequest(`The discount code ${code} is switched off. Remove it to pay the full price.`);
  const today = ukToday(at);
  if (found.starts_on && today < found.starts_on) {
    throw new BadRequest(
      `The discount code ${code} cannot be used until ${formatUkDay(found.starts_on)}. Remove it to pay the full price now.`,
    );
  }
  if (found.ends_on && today > found.ends_on) {
    throw new BadRequest(`The discount code ${code} ended on ${formatUkDay(found.ends_on)}. Remove it to pay the full price.`);
  }
  if (found.max_uses !== null && found.uses >= found.max_uses) {
    throw new Conflict(`The discount code ${code} has been used up. Remove it to pay the full price.`);
  }
  if (store.allUsesTaken(found, ownBasketId)) {
    throw new Conflict(DISCOUNT_USES_HELD(code));
  }
  if (found.min_subtotal_cents !== null && subtotalCents < found.min_subtotal_cents) {
    throw new BadRequest(
      `The discount code ${code} needs a basket of at least ${formatPence(found.min_subtotal_cents)} before delivery. Add more, or remove the code.`,
    );
  }
  const off = found.percent_off !== null ? Math.floor((subtotalCents * found.percent_off) / 100) : (found.amount_off_cents ?? 0);
  return { code, discountCents: Math.min(off, subtotalCents) };
}
