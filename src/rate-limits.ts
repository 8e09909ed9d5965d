import { VOUCHER_MESSAGES } from "../shared/gift-voucher";
import { createRateLimit } from "./http/rate-limit";
import { createSignInLimit } from "./modules/admin-auth/sign-in-limit";
import {
  CHECKOUT_MESSAGES,
  CHECKOUT_WINDOW_MS,
  CHECKOUTS_PER_WINDOW,
  DISCOUNT_CHECKS_PER_MINUTE,
  SESSION_CHECKS_PER_MINUTE,
  TOO_MANY_DISCOUNT_CHECKS,
} from "./modules/checkout/model";
import { CHALLENGES_PER_MINUTE, SEND_WINDOW_MS, SENDS_PER_WINDOW, TOO_MANY_SENDS } from "./modules/custom-requests/model";
import { VOUCHER_CHECKS_PER_MINUTE } from "./modules/gift-vouchers/model";
import { PRICE_MESSAGES, PRICES_PER_MINUTE } from "./modules/instant-prices/model";
import { LOOKUPS_PER_MINUTE, TOO_MANY_LOOKUPS } from "./modules/orders/model";
import {
  PREVIEW_MESSAGES,
  PREVIEWS_PER_MINUTE,
  MESSAGES as UPLOAD_MESSAGES,
  UPLOAD_WINDOW_MS,
  UPLOADS_PER_WINDOW,
} from "./modules/uploads/model";

const MINUTE = 60_000;

/**
 * Every rate limit the shop keeps, built once at boot (createDeps) and each
 * counted by its route in one line: `rateLimits.<name>.count(address)`, the
 * address from clientAddressPlugin (src/http/rate-limit-plugin.ts). The
 * numbers and messages live in the owning module's model.ts.
 */
export function createRateLimits() {
  return {
    /** POST /api/checkout: counted before anything is priced, held or asked of the provider. */
    checkoutStarts: createRateLimit({
      limit: CHECKOUTS_PER_WINDOW,
      windowMs: CHECKOUT_WINDOW_MS,
      message: CHECKOUT_MESSAGES.tooManyCheckouts,
    }),
    /** GET /api/checkout/session and POST /api/checkout/confirm together. */
    paymentChecks: createRateLimit({ limit: SESSION_CHECKS_PER_MINUTE, windowMs: MINUTE, message: CHECKOUT_MESSAGES.tooManySessionChecks }),
    /** POST /api/discount-codes/check: the basket's code field, so codes cannot be guessed at speed. */
    discountChecks: createRateLimit({ limit: DISCOUNT_CHECKS_PER_MINUTE, windowMs: MINUTE, message: TOO_MANY_DISCOUNT_CHECKS }),
    /** POST /api/gift-vouchers/check: the discount checks' numbers, counted apart (docs/decisions/0054-gift-vouchers.md). */
    voucherChecks: createRateLimit({ limit: VOUCHER_CHECKS_PER_MINUTE, windowMs: MINUTE, message: VOUCHER_MESSAGES.tooManyChecks }),
    /** An order's look-ups and its file downloads together. */
    orderLookups: createRateLimit({ limit: LOOKUPS_PER_MINUTE, windowMs: MINUTE, message: TOO_MANY_LOOKUPS }),
    /** A quote's look-ups through its link: the same numbers as an order's, counted apart (docs/decisions/0014-quotes.md). */
    quoteLookups: createRateLimit({ limit: LOOKUPS_PER_MINUTE, windowMs: MINUTE, message: TOO_MANY_LOOKUPS }),
    /** A hold's look-ups and answers through its link: the same numbers as an order's, counted apart (docs/decisions/0048-order-holds.md). */
    holdLookups: createRateLimit({ limit: LOOKUPS_PER_MINUTE, windowMs: MINUTE, message: TOO_MANY_LOOKUPS }),
    /** GPX, photo and model uploads together. */
    uploads: createRateLimit({ limit: UPLOADS_PER_WINDOW, windowMs: UPLOAD_WINDOW_MS, message: UPLOAD_MESSAGES.tooManyUploads }),
    /** A route's or photo's preview picture (svg, png, jpg), counted before the token is looked up. */
    previews: createRateLimit({ limit: PREVIEWS_PER_MINUTE, windowMs: MINUTE, message: PREVIEW_MESSAGES.tooManyPreviews }),
    /** POST /api/models/price: a shopper trying materials, colours and quantities. */
    modelPrices: createRateLimit({ limit: PRICES_PER_MINUTE, windowMs: MINUTE, message: PRICE_MESSAGES.tooManyPrices }),
    customRequestSends: createRateLimit({ limit: SENDS_PER_WINDOW, windowMs: SEND_WINDOW_MS, message: TOO_MANY_SENDS }),
    captchaChallenges: createRateLimit({ limit: CHALLENGES_PER_MINUTE, windowMs: MINUTE }),
    /** POST /api/admin/login: wrong passwords per address and shop-wide, which never keep the owner out (0026). */
    adminSignIns: createSignInLimit(),
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
