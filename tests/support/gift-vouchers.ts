import type { Database } from "bun:sqlite";
import { listOutbox } from "../../src/modules/outbox/service";
import { addProduct } from "./factories";
import type { TestShop } from "./test-app";

/** The two voucher products the gift-voucher tests sell: a free amount (£10–£200), and one in the owner's amounts. */
export function addVoucherProducts(db: Database): void {
  addProduct(db, { id: "voucher", name: "Gift voucher", price_cents: 1000, kind: "voucher" });
  addProduct(db, {
    id: "set-voucher",
    name: "Set gift voucher",
    price_cents: 2500,
    kind: "voucher",
    variants: [
      { id: "set-25", name: "£25", price_cents: 2500 },
      { id: "set-50", name: "£50", price_cents: 5000 },
    ],
  });
}

/** A basket line buying the free-amount voucher (or another voucher product by id). */
export const voucherLine = (voucher: Record<string, unknown>, id = "voucher") => ({ id, voucher });

/** POST /api/checkout with a whole body: items, discountCode, gift, voucherCode. */
export function startCheckout(shop: TestShop, body: Record<string, unknown>) {
  return shop.json<{ url?: string; error?: string }>("/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The code a paid voucher order's email carries (the only place the code is ever shown). */
export function voucherCodeOf(db: Database, orderId: string): string {
  const email = listOutbox(db, { orderId }).find((row) => row.kind === "gift-voucher");
  const code = email?.text.match(/Your code: ([A-Z0-9-]{19})/)?.[1];
  if (!code) throw new Error("no voucher email");
  return code;
}

/** POST /api/gift-vouchers/check. */
export function checkVoucher(shop: TestShop, code: unknown) {
  return shop.json<{ balance_pence?: number; expires_on?: string; error?: string }>("/api/gift-vouchers/check", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code }),
  });
}

/** The voucher's balance as the shopper's check answers it. */
export const voucherBalanceOf = (shop: TestShop, code: string) => checkVoucher(shop, code).then((answer) => answer.body.balance_pence);
