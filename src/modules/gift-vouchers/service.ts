import type { Database } from "bun:sqlite";
import { VOUCHER_MESSAGES } from "../../../shared/gift-voucher";
import { ukDayAndHour } from "../../../shared/uk-day";
import { renderGiftVoucherEmail } from "../../emails/gift-voucher";
import { NotFound } from "../../errors";
import type { PricedLine } from "../checkout/price-basket";
import { readShopIdentity } from "../content/service";
import { enqueueEmail } from "../outbox/service";
import { newVoucherCode } from "./codes";
import { createVoucherStore, type VoucherRow } from "./store";

/** The UK hour a voucher emailed on a chosen day is sent: the morning of that day, not the middle of the night before. */
const SEND_HOUR_UK = 8;

export type GiftVouchers = ReturnType<typeof createGiftVouchers>;

/**
 * Gift vouchers (docs/decisions/0054-gift-vouchers.md): issued when a voucher line is paid, checked and spent by
 * code, given back by refunds, voided and adjusted by the owner. Every write runs in the caller's transaction.
 */
export function createGiftVouchers({
  db,
  publicUrl,
  validMonths,
  now = () => new Date(),
}: {
  db: Database;
  publicUrl: string;
  /** The owner's `voucher_valid_months`, read when a voucher is issued. */
  validMonths: () => number;
  now?: () => Date;
}) {
  const store = createVoucherStore(db);

  /** A voucher that may be spent today: known, not void, not past its last day. Anything else is the one 404. */
  function spendable(code: string): VoucherRow {
    const voucher = code === "" ? null : store.byCode(code);
    if (!voucher || voucher.voided_at !== null || voucher.expires_on < ukDayAndHour(now()).day) {
      throw new NotFound(VOUCHER_MESSAGES.notFound);
    }
    return voucher;
  }

  return {
    store,
    spendable,

    /** POST /api/gift-vouchers/check: what is left and until when. */
    check(code: string): { balance_pence: number; expires_on: string } {
      const voucher = spendable(code);
      return { balance_pence: voucher.balance_pence, expires_on: voucher.expires_on };
    },

    /**
     * A paid order's voucher lines become vouchers, one per unit, each emailed with its code: to the person it is
     * for on the chosen day (the outbox holds it until then), else to the buyer now. Inside the order's
     * transaction; a replay finds the order's vouchers already issued and issues none.
     */
    issueForOrder(orderId: string, lines: readonly PricedLine[], buyerEmail: string | null): void {
      if (store.issuedFor(orderId) > 0) return;
      const expiresOn = lastValidDay(ukDayAndHour(now()).day, validMonths());
      const shop = readShopIdentity(db);
      let number = 0;
      for (const line of lines) {
        const bought = line.meta.voucher;
        if (!bought) continue;
        for (let unit = 0; unit < line.quantity; unit++) {
          number++;
          const code = newVoucherCode();
          const recipient = bought.recipient_email ?? buyerEmail;
          store.issue({
            code,
            amount_pence: bought.amount_pence,
            order_id: orderId,
            buyer_email: buyerEmail,
            recipient_email: bought.recipient_email ?? null,
            send_on: bought.send_on ?? null,
            message: bought.message ?? null,
            expires_on: expiresOn,
          });
          if (!recipient) continue;
          const email = renderGiftVoucherEmail(
            {
              code,
              amountPence: bought.amount_pence,
              expiresOn,
              message: bought.message ?? null,
              forSomeoneElse: bought.recipient_email !== undefined,
            },
            publicUrl,
            shop,
          );
          enqueueEmail(db, {
            dedupeKey: `gift-voucher:${orderId}:${number}`,
            kind: "gift-voucher",
            orderId,
            recipient,
            ...email,
            ...(bought.send_on ? { sendAt: ukMorning(bought.send_on) } : {}),
          });
        }
      }
    },
  };
}

/** The last day a voucher issued on `today` may be spent: the same day `months` later, less one (24 months from 1 Dec 2026 is to 30 Nov 2028). */
export function lastValidDay(today: string, months: number): string {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number];
  const end = new Date(Date.UTC(year, month - 1 + months, day));
  // 31 January + 1 month has no 31 February: the month's last day, not 3 March.
  if (end.getUTCDate() !== day) end.setUTCDate(0);
  else end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** SEND_HOUR_UK on a UK day, as a UTC instant (BST is an hour ahead of UTC). */
export function ukMorning(day: string): string {
  const guess = new Date(`${day}T${String(SEND_HOUR_UK).padStart(2, "0")}:00:00Z`);
  const shift = ukDayAndHour(guess).hour - SEND_HOUR_UK;
  return new Date(guess.getTime() - shift * 3_600_000).toISOString();
}
