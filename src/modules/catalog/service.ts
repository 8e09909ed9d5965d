import type { Database } from "bun:sqlite";
import type { ProductKind } from "../../../shared/gift-voucher";
import type { OrderBy } from "../../../shared/key-dates";
import type { ShownVersion } from "../../db/shown-version";
import type { DispatchSettings } from "../content/model";
import type { DispatchPromise } from "./dispatch-promise";
import { freezeProduct, type Product, type ProductImage, type Variant } from "./model";

type ProductRow = {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  currency: string;
  image_url: string | null;
  stock: number | null;
  max_online_qty: number | null;
  requires_gpx: number;
  requires_image: number;
  requires_model: number;
  proof_before_making: number;
  category_id: string | null;
  lead_time_days: number | null;
  kind: ProductKind;
};
type ImageRow = { product_id: string; image_url: string; width: number | null; height: number | null };
type VariantRow = Variant & { product_id: string };

const PRODUCT_COLUMNS = `id, name, description, price_cents, currency, image_url, stock, max_online_qty,
  requires_gpx, requires_image, category_id, lead_time_days, requires_model, proof_before_making, kind`;

export type CatalogService = ReturnType<typeof createCatalogService>;

/**
 * Reads the public catalogue. Three queries assemble any number of products. The whole list is read
 * once per change to what pages show (`shown.readOnce`): after a sale the catalogue page, each
 * category's page and the catalogue JSON are all made again, and would each read it. A change to
 * one product (a sale) reads that product alone into the kept list (docs/decisions/0038-the-crowd-at-a-large-shop.md).
 */
export function createCatalogService(db: Database, dispatch: DispatchPromise, shown: ShownVersion) {
  // A draft is the owner's alone until published (migrations/0035_product_drafts.sql): the shop reads live products only.
  const allProducts = db.query<ProductRow, []>(
    `SELECT ${PRODUCT_COLUMNS} FROM products WHERE status = 'live' ORDER BY name COLLATE NOCASE, id`,
  );
  const allImages = db.query<ImageRow, []>(
    "SELECT product_id, image_url, width, height FROM product_images ORDER BY product_id, sort_order, id",
  );
  const allVariants = db.query<VariantRow, []>(
    `SELECT id, product_id, name, price_cents, stock, sort_order FROM product_variants
     ORDER BY product_id, sort_order, id`,
  );
  const oneProduct = db.query<ProductRow, [string]>(`SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ? AND status = 'live'`);
  const imagesOf = db.query<ImageRow, [string]>(
    "SELECT product_id, image_url, width, height FROM product_images WHERE product_id = ? ORDER BY sort_order, id",
  );
  const variantsOf = db.query<VariantRow, [string]>(
    `SELECT id, product_id, name, price_cents, stock, sort_order FROM product_variants
     WHERE product_id = ? ORDER BY sort_order, id`,
  );

  function readProducts(): Product[] {
    const images = groupBy(allImages.all(), (row) => row.product_id);
    const variants = groupBy(allVariants.all(), (row) => row.product_id);
    const promised = promisedBy(dispatch);
    return allProducts.all().map((row) => toProduct(row, images.get(row.id) ?? [], variants.get(row.id) ?? [], promised));
  }

  /**
   * An unchanged product is the very object of the read before, so what is made from it can be kept
   * by the object (a catalogue card: web/components/ProductCardHtml.tsx). Frozen, as every reader shares it.
   */
  let previous = new Map<string, Product>();
  const shared = (fresh: Product): Product => {
    const before = previous.get(fresh.id);
    return before && Bun.deepEquals(before, fresh) ? before : freezeProduct(fresh);
  };
  /**
   * The list itself is not frozen, only its products: JavaScriptCore turns a frozen array into a slow
   * kind, so freezing 2,000 took ~6 ms and every walk of it (the pages' grouping, the catalogue JSON)
   * ran three to six times slower (docs/decisions/0038-the-crowd-at-a-large-shop.md). Its type is
   * read-only, so no caller can sort or change it in place.
   */
  const keepList = (products: Product[]): readonly Product[] => {
    previous = new Map(products.map((product) => [product.id, product]));
    return products;
  };

  /**
   * The kept list with only `changed` read again (a sale changes one product's stock): each keeps its
   * place, since the list's order is by name and id. A product added, or renamed (it may move), asks
   * for the whole read; one deleted leaves the list. Compared with the kept list itself, never with
   * `previous`, which a read inside a transaction may have filled with rows since rolled back.
   */
  function refreshProducts(kept: readonly Product[], changed: ReadonlySet<string>): readonly Product[] | null {
    const before = new Map<string, Product>();
    for (const product of kept) if (changed.has(product.id)) before.set(product.id, product);
    const promised = promisedBy(dispatch);
    const fresh = new Map<string, Product | null>();
    for (const id of changed) {
      const was = before.get(id);
      const row = oneProduct.get(id);
      if (!was ? row !== null : row !== null && row.name !== was.name) return null;
      if (!row) fresh.set(id, null);
      else {
        const product = toProduct(row, imagesOf.all(id), variantsOf.all(id), promised);
        fresh.set(id, was && Bun.deepEquals(was, product) ? was : freezeProduct(product));
      }
    }
    for (const [id, product] of fresh) {
      if (product) previous.set(id, product);
      else previous.delete(id);
    }
    const products: Product[] = [];
    for (const product of kept) {
      const now = fresh.has(product.id) ? fresh.get(product.id) : product;
      if (now) products.push(now);
    }
    return products;
  }

  const listProducts = shown.readOnce((): readonly Product[] => keepList(readProducts().map(shared)), refreshProducts);

  /**
   * Each product's JSON as UTF-8, made once per product object: after a sale only the sold product's
   * is made again, and the catalogue's body is these bytes put together, with no string of the whole
   * catalogue (1.9 MB at 2,000 products, twice that when one character is outside Latin-1) to encode
   * after every sale (docs/decisions/0038-the-crowd-at-a-large-shop.md).
   */
  const jsonOf = new WeakMap<Product, Uint8Array>();
  const encoder = new TextEncoder();
  const OPEN = encoder.encode("[");
  const COMMA = encoder.encode(",");
  const CLOSE = encoder.encode("]");
  function listProductsJson(): Uint8Array<ArrayBuffer> {
    const parts = listProducts().map((product) => {
      let json = jsonOf.get(product);
      if (json === undefined) {
        json = encoder.encode(JSON.stringify(product));
        jsonOf.set(product, json);
      }
      return json;
    });
    let size = OPEN.byteLength + CLOSE.byteLength + Math.max(0, parts.length - 1) * COMMA.byteLength;
    for (const part of parts) size += part.byteLength;
    const body = new Uint8Array(size);
    let at = 0;
    const put = (bytes: Uint8Array) => {
      body.set(bytes, at);
      at += bytes.byteLength;
    };
    put(OPEN);
    parts.forEach((part, index) => {
      if (index > 0) put(COMMA);
      put(part);
    });
    put(CLOSE);
    return body;
  }

  return {
    /** Every product, in name order; shared between readers until what pages show changes, so never to be changed. */
    listProducts,

    /** `listProducts()` as JSON in UTF-8 (GET /api/catalog), made anew on each call: the response cache keeps it. */
    listProductsJson,

    getProduct(id: string): Product | null {
      const row = oneProduct.get(id);
      return row ? toProduct(row, imagesOf.all(id), variantsOf.all(id), promisedBy(dispatch)) : null;
    },
  };
}

type Promised = (leadTimeDays: number | null) => { leadTimeDays: number; dispatchBy: string; order_by: OrderBy[] };

/** One read of the settings and the clock for a whole answer, and one day per lead time. */
function promisedBy(dispatch: DispatchPromise): Promised {
  const settings: DispatchSettings = dispatch.settings();
  const days = new Map<number, { dispatchBy: string; order_by: OrderBy[] }>();
  return (own) => {
    const leadTimeDays = own ?? settings.defaultLeadTimeDays;
    let promise = days.get(leadTimeDays);
    if (promise === undefined) {
      promise = { dispatchBy: dispatch.dispatchBy(leadTimeDays, settings), order_by: dispatch.orderBy(leadTimeDays, settings) };
      days.set(leadTimeDays, promise);
    }
    return { leadTimeDays, ...promise };
  };
}

function toProduct(row: ProductRow, imageRows: ImageRow[], variantRows: VariantRow[], promised: Promised): Product {
  const images: ProductImage[] = imageRows.map((image) => ({
    url: image.image_url,
    width: image.width,
    height: image.height,
  }));
  // A product saved with only image_url (no gallery rows) still shows its picture.
  if (images.length === 0 && row.image_url) images.push({ url: row.image_url, width: null, height: null });
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    unitAmount: row.price_cents,
    currency: row.currency,
    imageUrl: images[0]?.url ?? null,
    images,
    stock: row.stock,
    maxOnlineQty: row.max_online_qty,
    requiresGpx: row.requires_gpx === 1,
    requiresImage: row.requires_image === 1,
    requiresModel: row.requires_model === 1,
    proofBeforeMaking: row.proof_before_making === 1,
    kind: row.kind,
    categoryId: row.category_id,
    variants: variantRows.map(({ product_id: _, ...variant }) => variant),
    ...promised(row.lead_time_days),
  };
}

function groupBy<T>(rows: T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
