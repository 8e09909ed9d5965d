import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { adjustVoucherSchema, voidVoucherSchema, voucherCheckSchema } from "./model";

/** A shopper's look at a voucher's balance (docs/decisions/0054-gift-vouchers.md): counted per address before the code is read. */
export function giftVoucherRoutes({ giftVouchers, env, rateLimits }: Pick<Deps, "giftVouchers" | "env" | "rateLimits">) {
  return new Elysia({ name: "gift-vouchers" })
    .use(routePolicy)
    .use(clientAddressPlugin(env.TRUST_PROXY))
    .post(
      "/api/gift-vouchers/check",
      ({ body, address }) => {
        rateLimits.voucherChecks.count(address);
        const { code } = parseOrBadRequest(voucherCheckSchema, body);
        return giftVouchers.check(code);
      },
      // One voucher's balance: never kept or cached.
      { policy: PERSONAL },
    );
}

/** The owner's vouchers (docs/decisions/0054-gift-vouchers.md), mounted after the admin guard: personal and signed in. */
export function adminGiftVoucherRoutes({ giftVouchers }: Pick<Deps, "giftVouchers">) {
  return new Elysia({ name: "admin-gift-vouchers" })
    .get("/api/admin/gift-vouchers", ({ query }) => giftVouchers.list(typeof query.q === "string" ? query.q : null))
    .post("/api/admin/gift-vouchers/:code/void", ({ params, body }) =>
      giftVouchers.void(params.code, parseOrBadRequest(voidVoucherSchema, body).reason),
    )
    .post("/api/admin/gift-vouchers/:code/adjust", ({ params, body }) => {
      const { amount_pence, reason } = parseOrBadRequest(adjustVoucherSchema, body);
      return giftVouchers.adjust(params.code, amount_pence, reason);
    });
}
