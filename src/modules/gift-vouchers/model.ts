import { z } from "zod";
import { normaliseVoucherCode, VOUCHER_MESSAGES } from "../../../shared/gift-voucher";

/** As many checks as the discount codes' (src/modules/checkout/model.ts): enough to type a code by hand, far too few to guess one. */
export { DISCOUNT_CHECKS_PER_MINUTE as VOUCHER_CHECKS_PER_MINUTE } from "../checkout/model";

/** POST /api/gift-vouchers/check: `{ code }`, as typed; spaces and hyphens do not matter. */
export const voucherCheckSchema = z.object(
  {
    code: z
      .string({ error: VOUCHER_MESSAGES.codeMissing })
      .transform(normaliseVoucherCode)
      .pipe(z.string().min(1, { error: VOUCHER_MESSAGES.codeMissing }).max(64, { error: VOUCHER_MESSAGES.notFound })),
  },
  { error: "Send the code as { code }." },
);

export const ADMIN_VOUCHER_MESSAGES = {
  notFound: "There is no gift voucher with that code.",
  reasonMissing: "Give a reason: it is kept in the voucher's history.",
  reasonTooLong: "Keep the reason to 200 characters or fewer.",
  amountNotWhole: "Enter the amount as a whole number of pence, positive to top up or negative to take off.",
  amountZero: "Enter an amount other than zero.",
  belowZero: (balance: string) => `That would take the voucher below nothing: it has ${balance} left.`,
  alreadyVoid: "This gift voucher is already void.",
  voidCannotChange: "This gift voucher is void, so its balance cannot change.",
} as const;

const reason = z
  .string({ error: ADMIN_VOUCHER_MESSAGES.reasonMissing })
  .trim()
  .min(1, { error: ADMIN_VOUCHER_MESSAGES.reasonMissing })
  .max(200, { error: ADMIN_VOUCHER_MESSAGES.reasonTooLong });

export const voidVoucherSchema = z.object({ reason }, { error: ADMIN_VOUCHER_MESSAGES.reasonMissing });

export const adjustVoucherSchema = z.object(
  {
    amount_pence: z
      .number({ error: ADMIN_VOUCHER_MESSAGES.amountNotWhole })
      .int({ error: ADMIN_VOUCHER_MESSAGES.amountNotWhole })
      .min(-1_000_000, { error: ADMIN_VOUCHER_MESSAGES.amountNotWhole })
      .max(1_000_000, { error: ADMIN_VOUCHER_MESSAGES.amountNotWhole })
      .refine((amount) => amount !== 0, { error: ADMIN_VOUCHER_MESSAGES.amountZero }),
    reason,
  },
  { error: ADMIN_VOUCHER_MESSAGES.amountNotWhole },
);

/** The owner's list shows this many at most, newest first; a search narrows it. */
export const ADMIN_VOUCHER_PAGE = 100;

type VoucherStatus = "active" | "void" | "expired";

/** One voucher as the owner reads it: the code masked to its last group, never whole. */
export type AdminVoucher = {
  id: string;
  code: string;
  amount_pence: number;
  balance_pence: number;
  spent_pence: number;
  status: VoucherStatus;
  issued_at: string;
  expires_on: string;
  order_id: string | null;
  buyer_email: string | null;
  recipient_email: string | null;
  send_on: string | null;
  void_reason: string | null;
  history: { kind: string; amount_pence: number; order_id: string | null; reason: string | null; at: string }[];
};

export type AdminVoucherList = {
  vouchers: AdminVoucher[];
  /** Over every voucher, not only the page: sold (issued), spent (less what refunds put back) and still to spend. */
  totals: { sold_pence: number; spent_pence: number; outstanding_pence: number };
};
