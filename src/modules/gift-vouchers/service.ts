import type { Database } from "bun:sqlite";
import { maskVoucherCode, normaliseVoucherCode, VOUCHER_CODE_LENGTH, VOUCHER_MESSAGES } from "../../../shared/gift-voucher";
import { formatPence } from "../../../shared/money";
import { ukDayAndHour } from "../../../shared/uk-day";
import { ftsString, MIN_SEARCH, SHORT_SEARCH_MESSAGE } from "../../db/fts-search";
import { writeTransaction } from "../../db/transaction";
import { renderGiftVoucherEmail } from "../../emails/gift-voucher";
import { BadRequest, Conflict, NotFound } from "../../errors";
import type { PricedLine } from "../checkout/price-basket";
import { readShopIdentity } from "../content/service";
import { enqueueEmail } from "../outbox/service";
import { newVoucherCode } from "./codes";
import { ADMIN_VOUCHER_MESSAGES, ADMIN_VOUCHER_PAGE, type AdminVoucher, type AdminVoucherList } from "./model";
import { createVoucherStore, type LedgerRow, type VoucherRow } from "./store";

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

  const today = () => ukDayAndHour(now()).day;

  /** The voucher the owner names: its row id (what the list answers) or its whole code. */
  function named(idOrCode: string): VoucherRow {
    const voucher = idOrCode.startsWith("gv_") ? store.byId(idOrCode) : store.byCode(normaliseVoucherCode(idOrCode));
    if (!voucher) throw new NotFound(ADMIN_VOUCHER_MESSAGES.notFound);
    return voucher;
  }

  function asOwnerSees(voucher: VoucherRow, history: LedgerRow[]): AdminVoucher {
    const spent = -history.filter((row) => row.kind === "spend" || row.kind === "refund").reduce((sum, row) => sum + row.amount_pence, 0);
    return {
      id: voucher.id,
      code: maskVoucherCode(voucher.code_tail),
      amount_pence: voucher.amount_pence,
      balance_pence: voucher.balance_pence,
      spent_pence: spent,
      status: voucher.voided_at !== null ? "void" : voucher.expires_on < today() ? "expired" : "active",
      issued_at: voucher.created_at,
      expires_on: voucher.expires_on,
      order_id: voucher.order_id,
      buyer_email: voucher.buyer_email,
      recipient_email: voucher.recipient_email,
      send_on: voucher.send_on,
      void_reason: voucher.void_reason,
      history: history.map((row) => ({
        kind: row.kind,
        amount_pence: row.amount_pence,
        order_id: row.checkout_id,
        reason: row.reason,
        at: row.created_at,
      })),
    };
  }

  const ownerView = (voucher: VoucherRow) => asOwnerSees(voucher, store.history(voucher.id));

  return {
    store,
    spendable,

    /**
     * GET /api/admin/gift-vouchers: the newest ADMIN_VOUCHER_PAGE, or those `q` finds: a whole code (by its hash),
     * a code's last group, or part (three characters or more, as the orders' search) of the buyer's or recipient's
     * email, through indexes (docs/decisions/0058-vouchers-bounded.md).
     */
    list(q: string | null): AdminVoucherList {
      const typed = q === null ? "" : q.trim();
      if (typed !== "" && typed.length < MIN_SEARCH) throw new BadRequest(SHORT_SEARCH_MESSAGE);
      const code = normaliseVoucherCode(typed);
      const rows =
        typed === ""
          ? store.list(null, ADMIN_VOUCHER_PAGE)
          : code.length === VOUCHER_CODE_LENGTH && /^[A-Z0-9]+$/.test(code)
            ? [store.byCode(code)].filter((row): row is VoucherRow => row !== null)
            : store.list({ tail: code.slice(-4), email: ftsString(typed) }, ADMIN_VOUCHER_PAGE);
      const history = store.historyOf(rows.map((row) => row.id));
      const totals = store.totals(today());
      return {
        vouchers: rows.map((row) => asOwnerSees(row, history.get(row.id) ?? [])),
        totals: { sold_pence: totals.sold, spent_pence: totals.spent, outstanding_pence: totals.outstanding },
      };
    },

    /** POST /api/admin/gift-vouchers/{code}/void: what was left goes, with the owner's reason. */
    void(idOrCode: string, reason: string): AdminVoucher {
      return writeTransaction(db, () => {
        const voucher = named(idOrCode);
        if (voucher.voided_at !== null) throw new Conflict(ADMIN_VOUCHER_MESSAGES.alreadyVoid);
        store.void(voucher, reason);
        return ownerView(store.byId(voucher.id)!);
      });
    },

    /** POST /api/admin/gift-vouchers/{code}/adjust: a top-up or a take-off with a reason, never below nothing. */
    adjust(idOrCode: string, amountPence: number, reason: string): AdminVoucher {
      return writeTransaction(db, () => {
        const voucher = named(idOrCode);
        if (voucher.voided_at !== null) throw new Conflict(ADMIN_VOUCHER_MESSAGES.voidCannotChange);
        if (voucher.balance_pence + amountPence < 0) {
          throw new Conflict(ADMIN_VOUCHER_MESSAGES.belowZero(formatPence(voucher.balance_pence)));
        }
        store.adjust(voucher.id, amountPence, reason);
        return ownerView(store.byId(voucher.id)!);
      });
    },

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
