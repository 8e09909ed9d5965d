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
