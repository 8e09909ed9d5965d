import type { Gift } from "../../../shared/gift";
import type { DiscountCodeName } from "../discount-codes/model";
import type { CheckoutEntry, VoucherPurchase } from "./model";

/** Entries for the same product, variant and uploads become one line with a quantity. */
export type RequestedLine = {
  productId: string;
  variantId: string | null;
  gpxToken: string | null;
  imageToken: string | null;
  /** A shopper's model and its choices (all three, or none). */
  modelToken: string | null;
  material: string | null;
  colour: string | null;
  /** A gift voucher's amount and who it is for (docs/decisions/0054-gift-vouchers.md), or null. */
  voucher: VoucherPurchase | null;
  quantity: number;
};

export function groupEntries(entries: CheckoutEntry[]): RequestedLine[] {
  const lines = new Map<string, RequestedLine>();
  for (const entry of entries) {
    const line: RequestedLine = {
      productId: entry.id,
      variantId: entry.variantId || null,
      gpxToken: entry.gpxToken || null,
      imageToken: entry.imageToken || null,
      modelToken: entry.modelToken || null,
      material: entry.material || null,
      colour: entry.colour || null,
      voucher: entry.voucher ?? null,
      quantity: 1,
    };
    const key = JSON.stringify([
      line.productId,
      line.variantId,
      line.gpxToken,
      line.imageToken,
      line.modelToken,
      line.material,
      line.colour,
      line.voucher,
    ]);
    const existing = lines.get(key);
    if (existing) existing.quantity += 1;
    else lines.set(key, line);
  }
  return [...lines.values()];
}

/** What the shopper chose for the whole basket, besides its lines; each optional. */
export type BasketChoices = { discountCode?: DiscountCodeName | null; gift?: Gift | null; voucherCode?: string | null };

/** A stable fingerprint of what was asked for, to tell a retry from a different basket. */
export function requestFingerprint(
  lines: RequestedLine[],
  { discountCode = null, gift = null, voucherCode = null }: BasketChoices = {},
): string {
  // A line without a model serialises as it did before models existed, so a retry across the upgrade is the same checkout.
  const sorted = lines
    .map(({ modelToken, material, colour, voucher, ...rest }) => {
      const line = modelToken || material || colour ? { ...rest, modelToken, material, colour } : rest;
      return JSON.stringify(voucher ? { ...line, voucher } : line);
    })
    .sort();
  // A code changes the price, a gift note what is printed: a retry with another is a different checkout. None keeps the old fingerprint.
  if (discountCode) sorted.push(JSON.stringify({ discountCode }));
  if (gift) sorted.push(JSON.stringify({ gift }));
  if (voucherCode) sorted.push(JSON.stringify({ voucherCode }));
  return new Bun.CryptoHasher("sha256").update(sorted.join("\n")).digest("hex");
}
