import type { Database } from "bun:sqlite";
import { AVAILABILITY_ALERT_HEADING, availabilityProblems, type ProductFacts, problemText } from "../../../shared/basket";
import { VOUCHER_MAX_PENCE, VOUCHER_MESSAGES, VOUCHER_MIN_PENCE, VOUCHER_SEND_WITHIN_DAYS } from "../../../shared/gift-voucher";
import { formatPence } from "../../../shared/money";
import { ukDayAndHour } from "../../../shared/uk-day";
import { BadRequest, Conflict } from "../../errors";
import { shownAmount } from "../instant-prices/last-price";
import type { InstantPrices } from "../instant-prices/service";
import type { OrderItemMeta } from "../orders/model";
import type { UploadKind } from "../uploads/model";
import type { RequestedLine } from "./lines";
import { MODEL_LINE_MESSAGES, UPLOAD_MESSAGES } from "./model";

/** What the checkout asks of instant prices: the rates in force, and a model priced again (src/modules/instant-prices/). */
export type ModelPricer = Pick<InstantPrices, "settings" | "reprice">;

/** A line priced and checked against the database: what the checkout and the order record. */
export type PricedLine = {
  productId: string;
  variantId: string | null;
  productName: string;
  variantName: string | null;
  unitPriceCents: number;
  quantity: number;
  meta: OrderItemMeta;
};

type ProductRow = {
  id: string;
  name: string;
  price_cents: number;
  stock: number | null;
  max_online_qty: number | null;
  requires_gpx: number;
  requires_image: number;
  requires_model: number;
  kind: "item" | "voucher";
};
type VariantRow = { id: string; product_id: string; name: string; price_cents: number; stock: number | null };
type UploadRow = { token: string; kind: string; product_id: string; original_name: string; order_id: string | null };

/**
 * Prices every line from the database (the client's prices are never used)
 * and refuses anything the shop cannot sell: unknown products or variants,
 * missing or foreign uploads, and more units than the shelf or the per-order
 * limit allows. Run inside the transaction that then takes the stock, so the
 * answer cannot go stale before the hold is written.
 */
export function priceBasket(db: Database, requested: RequestedLine[], models: ModelPricer, at: Date): PricedLine[] {
  const productById = db.query<ProductRow, [string]>(
    `SELECT id, name, price_cents, stock, max_online_qty, requires_gpx, requires_image, requires_model, kind
     FROM products WHERE id = ? AND status = 'live'`,
  );
  const variantsOf = db.query<VariantRow, [string]>(
    "SELECT id, product_id, name, price_cents, stock FROM product_variants WHERE product_id = ?",
  );
  const uploadByToken = db.query<UploadRow, [string]>(
    "SELECT token, kind, product_id, original_name, order_id FROM uploads WHERE token = ?",
  );
  const uploads: UploadChecks = { byToken: uploadByToken, inOpenCheckout: openCheckoutNaming(db), named: new Set() };

  const priced: PricedLine[] = [];
  const products = new Map<string, { row: ProductRow; variants: VariantRow[] }>();
  for (const line of requested) {
    let product = products.get(line.productId);
    if (!product) {
      const row = productById.get(line.productId);
      if (!row)
        throw new BadRequest(`There is no product "${line.productId}" in the shop any more. Remove it from your basket and try again.`);
      product = { row, variants: variantsOf.all(row.id) };
      products.set(row.id, product);
    }
    const { row, variants } = product;
    const variant = pickVariant(row, variants, line.variantId);
    const meta: OrderItemMeta = variant ? { variantId: variant.id, variantName: variant.name } : {};
    const gpx = checkUpload(uploads, row, "gpx", line.gpxToken, line.quantity);
    const image = checkUpload(uploads, row, "image", line.imageToken, line.quantity);
    if (gpx) Object.assign(meta, { gpxToken: gpx.token, gpxName: gpx.original_name });
    if (image) Object.assign(meta, { imageToken: image.token, imageName: image.original_name });
    const model = priceModelLine(uploads, row, line, models);
    if (model) Object.assign(meta, model.meta);
    const voucher = checkVoucherLine(row, variant, line, at);
    if (voucher) meta.voucher = voucher;
    priced.push({
      productId: row.id,
      variantId: variant?.id ?? null,
      productName: row.name,
      variantName: variant?.name ?? null,
      unitPriceCents: voucher ? voucher.amount_pence : model ? model.unitPriceCents : variant ? variant.price_cents : row.price_cents,
      quantity: line.quantity,
      meta,
    });
  }
  checkQuantities(priced, products);
  return priced;
}

/**
 * A gift voucher line (docs/decisions/0054-gift-vouchers.md): its price is the voucher's amount, which is the option's
 * price when the product lists amounts, else a free amount from £10 to £200. The send date is a UK day from today to a
 * year ahead, and only for a voucher emailed to someone else.
 */
function checkVoucherLine(product: ProductRow, variant: VariantRow | null, line: RequestedLine, at: Date): OrderItemMeta["voucher"] | null {
  if (product.kind !== "voucher") {
    if (line.voucher) throw new BadRequest(VOUCHER_MESSAGES.notVoucherProduct(product.name));
    return null;
  }
  const voucher = line.voucher;
  if (!voucher) throw new BadRequest(VOUCHER_MESSAGES.voucherMissing(product.name));
  if (variant) {
    if (voucher.amount_pence !== variant.price_cents) throw new BadRequest(VOUCHER_MESSAGES.amountNotOffered(product.name));
  } else if (voucher.amount_pence < VOUCHER_MIN_PENCE || voucher.amount_pence > VOUCHER_MAX_PENCE) {
    throw new BadRequest(VOUCHER_MESSAGES.amountRange);
  }
  if (voucher.send_on !== undefined) {
    if (voucher.recipient_email === undefined) throw new BadRequest(VOUCHER_MESSAGES.sendOnWithoutRecipient);
    const today = ukDayAndHour(at).day;
    if (voucher.send_on < today) throw new BadRequest(VOUCHER_MESSAGES.sendOnPast);
    const furthest = new Date(Date.parse(`${today}T00:00:00Z`) + VOUCHER_SEND_WITHIN_DAYS * 86_400_000).toISOString().slice(0, 10);
    if (voucher.send_on > furthest) throw new BadRequest(VOUCHER_MESSAGES.sendOnTooFar);
  }
  return {
    amount_pence: voucher.amount_pence,
    ...(voucher.recipient_email === undefined ? {} : { recipient_email: voucher.recipient_email }),
    ...(voucher.send_on === undefined ? {} : { send_on: voucher.send_on }),
    ...(voucher.message === undefined ? {} : { message: voucher.message }),
  };
}

function pickVariant(product: ProductRow, variants: VariantRow[], variantId: string | null): VariantRow | null {
  if (variants.length === 0) {
    if (variantId) throw new BadRequest(`"${product.name}" has no option "${variantId}". Remove it from your basket and add it again.`);
    return null;
  }
  if (!variantId) throw new BadRequest(`Choose an option for "${product.name}" before checking out.`);
  const variant = variants.find((v) => v.id === variantId);
  if (!variant)
    throw new BadRequest(`"${product.name}" has no option "${variantId}" any more. Remove it from your basket and add it again.`);
  return variant;
}

type UploadChecks = {
  byToken: { get(token: string): UploadRow | null };
  /** Whether a checkout still waiting for payment names the token (this request's own replaced ones are released by now). */
  inOpenCheckout: (kind: UploadKind, token: string) => boolean;
  /** Tokens already named by this request's earlier lines. */
  named: Set<string>;
};

/**
 * One upload, one order (decision 0025): a file is printed for the one order
 * that names it, so a token another open checkout or a paid order names is
 * refused with 409. The checkout's transaction makes check and insert one step.
 */
function openCheckoutNaming(db: Database): UploadChecks["inOpenCheckout"] {
  const query = (path: string) =>
    db.query<{ id: string }, [string]>(
      `SELECT c.id FROM checkout_lines l JOIN checkouts c ON c.id = l.checkout_id
       WHERE json_extract(l.meta, '${path}') = ? AND c.hold = 'held' AND c.state IN ('creating', 'open') LIMIT 1`,
    );
  const byKind = { gpx: query("$.gpxToken"), image: query("$.imageToken"), model: query("$.modelToken") };
  return (kind, token) => byKind[kind].get(token) !== null;
}

const UPLOAD_LABELS: Record<UploadKind, string> = { gpx: "GPX file", image: "photo", model: "3D model" };

function checkUpload(
  uploads: UploadChecks,
  product: ProductRow,
  kind: UploadKind,
  token: string | null,
  quantity: number,
): UploadRow | null {
  const label = UPLOAD_LABELS[kind];
  const required = { gpx: product.requires_gpx, image: product.requires_image, model: product.requires_model }[kind] === 1;
  if (!token) {
    if (required) throw new BadRequest(`"${product.name}" needs your ${label}. Upload it on the product page, then check out again.`);
    return null;
  }
  const upload = uploads.byToken.get(token);
  if (!upload || upload.kind !== kind) {
    throw new BadRequest(`The ${label} for "${product.name}" was not found. Upload it again on the product page.`);
  }
  if (upload.product_id !== product.id) {
    throw new BadRequest(
      `The ${label} in your basket was uploaded for a different product than "${product.name}". Upload it again on the product page.`,
    );
  }
  // A model is priced for its number of copies; a route or photo is one print each.
  if (kind === "model" && uploads.named.has(token)) throw new BadRequest(MODEL_LINE_MESSAGES.twice(product.name));
  if ((kind !== "model" && quantity > 1) || uploads.named.has(token)) {
    throw new BadRequest(`Each uploaded ${label} is for one "${product.name}". Add another and upload a file for it.`);
  }
  if (upload.order_id !== null) throw new Conflict(UPLOAD_MESSAGES.inPaidOrder(label, product.name));
  if (uploads.inOpenCheckout(kind, token)) throw new Conflict(UPLOAD_MESSAGES.inOpenCheckout(label, product.name));
  uploads.named.add(token);
  return upload;
}

/**
 * A shopper's model line (docs/decisions/0042-instant-prices-calls-and-checkout.md): its token checked like any
 * upload's, then priced again here from the rates in force, never from the browser, and refused with 409 when
 * instant prices are off, when it now needs a person, or when the price is not the one the shopper was last shown
 * for these choices. Its price of one is the whole price over the copies (whole pence by the price call's rule).
 */
function priceModelLine(
  uploads: UploadChecks,
  product: ProductRow,
  line: RequestedLine,
  models: ModelPricer,
): { unitPriceCents: number; meta: OrderItemMeta } | null {
  if (product.requires_model !== 1) {
    if (line.modelToken) throw new BadRequest(MODEL_LINE_MESSAGES.notTaken(product.name));
    return null;
  }
  if (!line.modelToken) throw new BadRequest(MODEL_LINE_MESSAGES.needsModel(product.name));
  const upload = checkUpload(uploads, product, "model", line.modelToken, line.quantity);
  if (!upload) return null;
  if (!line.material || !line.colour) throw new BadRequest(MODEL_LINE_MESSAGES.needsChoices(product.name));
  if (!models.settings().rules.instant_on) throw new Conflict(MODEL_LINE_MESSAGES.instantOff(upload.original_name));
  const { model, material, scale, analysis, answer } = models.reprice(upload.token, {
    material: line.material,
    colour: line.colour,
    quantity: line.quantity,
  });
  if (answer.status === "review" || answer.amount_pence === null) {
    throw new Conflict(MODEL_LINE_MESSAGES.needsReview(upload.original_name, answer.reasons));
  }
  const choice = { material: line.material, colour: line.colour, quantity: line.quantity };
  if (shownAmount(model.shownPrices, choice) !== answer.amount_pence) {
    throw new Conflict(MODEL_LINE_MESSAGES.priceChanged(upload.original_name, formatPence(answer.amount_pence)));
  }
  return {
    unitPriceCents: answer.amount_pence / line.quantity,
    meta: {
      modelToken: upload.token,
      modelName: upload.original_name,
      material: material.id,
      materialName: material.name,
      colour: line.colour,
      scale,
      analysis,
      grams: answer.grams,
      hours: answer.hours,
    },
  };
}

/**
 * The quantity limits of docs/product.md#quantity-limits, by the one rule the basket also runs
 * (availabilityProblems, shared/basket.ts), over the rows just read.
 */
function checkQuantities(lines: PricedLine[], products: Map<string, { row: ProductRow; variants: VariantRow[] }>): void {
  const requested = lines.map((line) => ({
    id: line.productId,
    name: line.productName,
    quantity: line.quantity,
    meta: { variantId: line.variantId ?? undefined },
  }));
  const facts: ProductFacts[] = [...products.values()].map(({ row, variants }) => ({
    id: row.id,
    name: row.name,
    stock: row.stock,
    maxOnlineQty: row.max_online_qty,
    variants: variants.map((variant) => ({ id: variant.id, name: variant.name, stock: variant.stock })),
  }));
  const problems = availabilityProblems(requested, facts);
  if (problems.length > 0) throw new Conflict(`${AVAILABILITY_ALERT_HEADING} ${problems.map(problemText).join("; ")}`);
}
