import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext } from "@playwright/test";
import { type Payer, paidThroughCalls } from "./checkout";

/** This folder, so the script runs whatever folder the runner started in. */
const HERE = fileURLToPath(new URL(".", import.meta.url));
/** The stories' shop's database (playwright.config.ts: its DATA_DIR, under the folder the runner starts in). */
const SUITE_DATABASE = join(HERE, "..", "..", "..", "test-results", "e2e-data", "shop.db");

/**
 * A shopper elsewhere buys one of the demo's gift vouchers (£10, £25, £50 or £100) for themselves through the
 * calls the basket and the payment page make; answers its code, read from the voucher email in the outbox.
 */
export async function boughtVoucherCode(request: APIRequestContext, pounds: 10 | 25 | 50 | 100, payer: Payer): Promise<string> {
  const voucher = { id: "gift-voucher", variantId: `gift-voucher-${pounds}`, voucher: { amount_pence: pounds * 100 } };
  const orderId = await paidThroughCalls(request, { items: [voucher] }, payer);
  return execFileSync("bun", [join(HERE, "voucher-code.ts"), SUITE_DATABASE, orderId], { encoding: "utf8" });
}
