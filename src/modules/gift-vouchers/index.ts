import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { clientAddressPlugin } from "../../http/rate-limit-plugin";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { parseOrBadRequest } from "../validate";
import { voucherCheckSchema } from "./model";

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
