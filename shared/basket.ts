import { deliveryFee, type PostedLine, postsNothing } from "./delivery";
import type { VoucherChoice } from "./gift-voucher";
import { poundsToPence } from "./money";
import { availableStock, purchaseLimit, type StockFacts } from "./stock";

/**
 * The basket rules of docs/product.md#quantity-limits, as pure functions over
 * plain data so the islands, the checkout (src/modules/checkout) and the tests
 * all share one implementation (docs/decisions/0004).
 */
export type BasketMeta = {
  variantId?: string;
  variantName?: string;
  gpxToken?: string;
  gpxName?: string;
  imageToken?: string;
  imageName?: string;
  /**
   * A shopper's own model (a `requiresModel` product), priced for the line's quantity and these choices:
   * the material's id and name, the colour, and the scale it was priced at (×25.4 for a model drawn in inches).
   */
  modelToken?: string;
  modelName?: string;
  material?: string;
  materialName?: string;
  colour?: string;
  scale?: number;
  /** A gift voucher's amount and who it is for (docs/decisions/0054-gift-vouchers.md): each its own line. */
  voucher?: VoucherChoice;
};

/** docs/product.md#basket-item. `price` is in pounds; everything derived from it is in pence. */
export type BasketItem = {
  key: string;
  id: string;
  name: string;
  price: number;
  quantity: number;
  noStack: boolean;
  meta: BasketMeta;
};

/** What the rules need to know about a product: its stock facts by id. */
export type ProductFacts = StockFacts & { id: string; name: string };

export type AddOutcome = { ok: true; items: BasketItem[] } | { ok: false; reason: "limit" };

function hasAttachment(meta: BasketMeta): boolean {
  return Boolean(meta.gpxToken || meta.imageToken);
}

/** Lines with an upload, or flagged noStack, are one unit each and never merge. */
export function isSingleUnit(item: Pick<BasketItem, "noStack" | "meta">): boolean {
  return item.noStack || hasAttachment(item.meta);
}

/**
 * A model line was priced for its number of copies (the price of one is that price over the copies), so its
 * quantity is fixed where it was priced, on the product page: the basket never changes it.
 */
export function isPricedModel(item: Pick<BasketItem, "meta">): boolean {
  return Boolean(item.meta.modelToken);
}

function lineKey(id: string, meta: BasketMeta): string {
  const voucher = meta.voucher ? JSON.stringify(meta.voucher) : "";
  return [id, meta.variantId ?? "", meta.gpxToken ?? "", meta.imageToken ?? "", meta.modelToken ?? "", voucher].join("|");
}

function unitsOf<Line extends Pick<BasketItem, "quantity">>(items: Line[], predicate: (item: Line) => boolean): number {
  return items.reduce((sum, item) => (predicate(item) ? sum + item.quantity : sum), 0);
}

/**
 * The most units of this line's product (and variant) the basket could hold:
 * maxOnlineQty summed across all of the product's lines, capped by product
 * stock, and the variant's own stock across that variant's lines.
 */
export function roomFor(items: BasketItem[], product: ProductFacts, variantId?: string): number {
  const productRoom = purchaseLimit(product) - unitsOf(items, (item) => item.id === product.id);
  if (!variantId) return Math.max(0, productRoom);
  const variantStock = availableStock(product, variantId) ?? Number.POSITIVE_INFINITY;
  const variantRoom = variantStock - unitsOf(items, (item) => item.id === product.id && item.meta.variantId === variantId);
  return Math.max(0, Math.min(productRoom, variantRoom));
}

/**
 * Adds one unit (a priced model: its copies, as one line); refused with reason 'limit' when it would pass
 * any limit.
 */
export function addItem(
  items: BasketItem[],
  candidate: Omit<BasketItem, "key" | "quantity">,
  product: ProductFacts,
  quantity = 1,
): AddOutcome {
  if (roomFor(items, product, candidate.meta.variantId) < quantity) return { ok: false, reason: "limit" };
  const key = lineKey(candidate.id, candidate.meta);
  const existing = items.find((item) => item.key === key);
  if (isPricedModel(candidate)) {
    // The same model twice would be priced twice for one file: the checkout refuses it, so the basket never holds it.
    return existing ? { ok: false, reason: "limit" } : { ok: true, items: [...items, { ...candidate, key, quantity }] };
  }
  if (existing && !isSingleUnit(existing)) {
    return { ok: true, items: items.map((item) => (item === existing ? { ...item, quantity: item.quantity + 1 } : item)) };
  }
  // A single-unit line that repeats (noStack without upload) still needs its own key.
  const uniqueKey = existing ? `${key}|${crypto.randomUUID()}` : key;
  return { ok: true, items: [...items, { ...candidate, key: uniqueKey, quantity: 1 }] };
}

/**
 * The largest quantity this line may be set to, given every other line.
 * Without live stock facts (the catalogue did not load) no limit is enforced
 * in the browser; the server still checks at checkout.
 */
export function maxQuantityFor(items: BasketItem[], key: string, product: ProductFacts | undefined): number {
  const line = items.find((item) => item.key === key);
  if (!line) return 0;
  if (isSingleUnit(line)) return 1;
  if (isPricedModel(line)) return line.quantity;
  if (!product) return Number.POSITIVE_INFINITY;
  return line.quantity + roomFor(items, product, line.meta.variantId);
}

/** Sets a line's quantity, clamped to at least 1 and at most what the limits allow. */
export function setQuantity(items: BasketItem[], key: string, wanted: number, product: ProductFacts | undefined): BasketItem[] {
  if (items.some((item) => item.key === key && isPricedModel(item))) return items;
  const max = maxQuantityFor(items, key, product);
  const quantity = Math.max(1, Math.min(Math.floor(wanted), max));
  return items.map((item) => (item.key === key ? { ...item, quantity } : item));
}

export function removeLine(items: BasketItem[], key: string): BasketItem[] {
  return items.filter((item) => item.key !== key);
}

export function unitCount(items: BasketItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

export function subtotalPence(items: BasketItem[]): number {
  return items.reduce((sum, item) => sum + poundsToPence(item.price) * item.quantity, 0);
}

export type DeliveryQuote = {
  subtotal: number;
  delivery: number;
  total: number;
  /** Pence still to add before delivery is free; null when free delivery is off or reached. */
  toFreeDelivery: number | null;
};

/**
 * Flat fee on every order, free once the subtotal reaches a non-zero threshold (`deliveryFee`, the checkout's rule);
 * an empty basket, or one of gift vouchers only, has none and nothing to add for free delivery.
 */
export function quoteDelivery(
  subtotal: number,
  feePence: number,
  thresholdPence: number,
  lines: readonly PostedLine[] = [],
): DeliveryQuote {
  const delivery = subtotal === 0 ? 0 : deliveryFee(subtotal, feePence, thresholdPence, lines);
  const stillToAdd = thresholdPence > 0 && subtotal < thresholdPence && !postsNothing(lines);
  return {
    subtotal,
    delivery,
    total: subtotal + delivery,
    toFreeDelivery: stillToAdd ? thresholdPence - subtotal : null,
  };
}

/** Units a basket's own unpaid checkout holds (GET /api/checkout/held). */
export type BasketHold = { productId: string; variantId: string | null; quantity: number };

/**
 * A product's stock facts as this basket may count them: the units its own
 * unpaid checkout holds are back on its shelf, because its next checkout gives
 * them back before taking its own (decision 0025). Unlimited stays unlimited.
 */
export function withOwnHolds<Facts extends StockFacts & { id: string }>(product: Facts, holds: BasketHold[]): Facts {
  const mine = holds.filter((hold) => hold.productId === product.id);
  if (mine.length === 0) return product;
  const heldOf = (variantId: string | null) =>
    mine.reduce((sum, hold) => (variantId === null || hold.variantId === variantId ? sum + hold.quantity : sum), 0);
  // A copy with only the counts changed: the shape (a catalogue Product, or bare facts) is the caller's.
  return {
    ...product,
    stock: product.stock === null ? null : product.stock + heldOf(null),
    variants: product.variants.map((variant) => ({
      ...variant,
      stock: variant.stock === null ? null : variant.stock + heldOf(variant.id),
    })),
  } as Facts;
}

export type AvailabilityProblem = { name: string; requested: number; available: number };

/** What the availability check needs of a line: a basket line, or a checkout line priced by the server. */
export type RequestedUnits = Pick<BasketItem, "id" | "name" | "quantity"> & { meta: Pick<BasketMeta, "variantId"> };

/**
 * The limits of docs/product.md#quantity-limits over a whole basket, against
 * fresh stock facts: for each product (in the order the lines first name it), its
 * units across all lines against purchaseLimit (stock, maxOnlineQty); then each
 * of its variants' units against that variant's own stock. A product gone from
 * the catalogue has 0. The basket runs it before checking out, the checkout
 * inside its transaction (price-basket.ts): one rule, so they cannot disagree.
 */
export function availabilityProblems(items: RequestedUnits[], catalogue: ProductFacts[]): AvailabilityProblem[] {
  const byId = new Map(catalogue.map((product) => [product.id, product]));
  const problems: AvailabilityProblem[] = [];
  for (const id of new Set(items.map((item) => item.id))) {
    const lines = items.filter((item) => item.id === id);
    const product = byId.get(id);
    const requested = unitsOf(lines, () => true);
    const available = product ? Math.max(0, purchaseLimit(product)) : 0;
    const name = product?.name ?? lines[0]?.name ?? id;
    if (requested > available) problems.push({ name, requested, available });
    for (const variant of product?.variants ?? []) {
      const wanted = unitsOf(lines, (item) => item.meta.variantId === variant.id);
      if (wanted > 0 && variant.stock !== null && wanted > variant.stock) {
        problems.push({ name: `${name} (${variant.name ?? variant.id})`, requested: wanted, available: variant.stock });
      }
    }
  }
  return problems;
}

export const AVAILABILITY_ALERT_HEADING = "Some items exceed current availability:";

export function problemText({ name, requested, available }: AvailabilityProblem): string {
  return `${name}: requested ${requested}, available ${available}`;
}

/** The basket's alert: the heading, then one problem per line. */
export function availabilityAlert(problems: AvailabilityProblem[]): string {
  return [AVAILABILITY_ALERT_HEADING, ...problems.map(problemText)].join("\n");
}
