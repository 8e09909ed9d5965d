import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, Conflict, NotFound } from "../../errors";
import { encodePageCursor } from "../../http/page-cursor";
import type { AdminImage } from "./images-model";
import { syncPrimaryImage } from "./images-service";
import { MESSAGES } from "./model-parts";
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  type AdminProduct,
  type ProductKind,
  type ProductPosition,
  type ProductSave,
  type ProductStatus,
} from "./products-model";
import { stockAfterSave } from "./stock-edit";
import type { AdminVariant } from "./variants-model";

type ProductRow = Omit<AdminProduct, "images" | "variants">;

const COLUMNS = `id, name, description, price_cents, currency, image_url, max_online_qty, stock,
  requires_gpx, requires_image, category_id, lead_time_days, requires_model, status, proof_before_making, kind`;

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;

/** A page of the owner's products and the X-Next-Cursor of the next one (null: this page is the last). */
export type AdminProductPage = { products: AdminProduct[]; nextCursor: string | null };

/**
 * The owner's list, in name order a page at a time: `products_by_name` walked from the cursor and stopped one row past
 * the page, so no page reads or sorts the rest of the catalogue (docs/decisions/0064-the-owner-s-products-paged.md).
 * A search keeps the products whose name or id holds the text (SQLite's lower(), A–Z, on both sides).
 */
export const PRODUCT_PAGE_SQL = `SELECT ${COLUMNS} FROM products INDEXED BY products_by_name
  WHERE (?1 IS NULL OR (name COLLATE NOCASE, id) > (?1, ?2))
    AND (?3 IS NULL OR instr(lower(name), lower(?3)) > 0 OR instr(lower(id), lower(?3)) > 0)
  ORDER BY name COLLATE NOCASE, id LIMIT ?4`;

/** The owner's product list and editor: rows as stored, with gallery and variants. */
export function createAdminProductsService(db: Database) {
  const productPage = db.query<ProductRow, [string | null, string | null, string | null, number]>(PRODUCT_PAGE_SQL);
  const oneProduct = db.query<ProductRow, [string]>(`SELECT ${COLUMNS} FROM products WHERE id = ?`);
  // The page's products' pictures and options, through each table's index by product.
  const imagesOfPage = db.query<AdminImage & { product_id: string }, [string]>(
    "SELECT id, product_id, image_url, sort_order FROM product_images WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY sort_order, id",
  );
  const variantsOfPage = db.query<AdminVariant & { product_id: string }, [string]>(
    "SELECT id, product_id, name, price_cents, stock, sort_order FROM product_variants WHERE product_id IN (SELECT value FROM json_each(?)) ORDER BY sort_order, id",
  );
  const imagesOf = db.query<AdminImage, [string]>(
    "SELECT id, image_url, sort_order FROM product_images WHERE product_id = ? ORDER BY sort_order, id",
  );
  const variantsOf = db.query<AdminVariant, [string]>(
    "SELECT id, name, price_cents, stock, sort_order FROM product_variants WHERE product_id = ? ORDER BY sort_order, id",
  );
  const categoryExists = db.query<{ id: string }, [string]>("SELECT id FROM categories WHERE id = ?");
  const storedRow = db.query<
    {
      image_url: string | null;
      stock: number | null;
      lead_time_days: number | null;
      requires_model: 0 | 1;
      status: ProductStatus;
      proof_before_making: 0 | 1;
      kind: ProductKind;
    },
    [string]
  >("SELECT image_url, stock, lead_time_days, requires_model, status, proof_before_making, kind FROM products WHERE id = ?");
  const upsert = db.query(
    `INSERT INTO products (${COLUMNS}) VALUES
       ($id, $name, $description, $price_cents, $currency, $image_url, $max_online_qty, $stock,
        $requires_gpx, $requires_image, $category_id, $lead_time_days, $requires_model, $status, $proof_before_making, $kind)
     ON CONFLICT (id) DO UPDATE SET
       name = excluded.name, description = excluded.description, price_cents = excluded.price_cents,
       currency = excluded.currency, image_url = excluded.image_url, max_online_qty = excluded.max_online_qty,
       stock = excluded.stock, requires_gpx = excluded.requires_gpx, requires_image = excluded.requires_image,
       category_id = excluded.category_id, lead_time_days = excluded.lead_time_days,
       requires_model = excluded.requires_model, status = excluded.status,
       proof_before_making = excluded.proof_before_making, kind = excluded.kind, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  );
  const remove = db.query("DELETE FROM products WHERE id = ?");
  const stockOf = db.query<{ stock: number | null }, [string]>("SELECT stock FROM products WHERE id = ?");
  const setStock = db.query("UPDATE products SET stock = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?");

  function get(id: string): AdminProduct | null {
    const row = oneProduct.get(id);
    return row ? { ...row, images: imagesOf.all(id), variants: variantsOf.all(id) } : null;
  }

  return {
    /** One page after `after` (none: the first), of the products whose name or id holds `search` (none: all). */
    page(
      { after = null, search = null }: { after?: ProductPosition | null; search?: string | null } = {},
      limit = ADMIN_PRODUCTS_PAGE_SIZE,
    ): AdminProductPage {
      const rows = productPage.all(after?.name ?? null, after?.id ?? null, search || null, limit + 1);
      const shown = rows.slice(0, limit);
      const ids = JSON.stringify(shown.map((row) => row.id));
      const images = groupByProduct(imagesOfPage.all(ids));
      const variants = groupByProduct(variantsOfPage.all(ids));
      const products = shown.map((row) => ({ ...row, images: images.get(row.id) ?? [], variants: variants.get(row.id) ?? [] }));
      const last = shown.at(-1);
      return { products, nextCursor: rows.length > limit && last ? encodePageCursor([last.name, last.id]) : null };
    },

    get,

    /** Creates or replaces the product with this id; `created` says which. Stock follows stockAfterSave. */
    save(input: ProductSave): { product: AdminProduct; created: boolean } {
      return writeTransaction(db, () => {
        if (input.category_id !== null && !categoryExists.get(input.category_id)) throw new BadRequest(MESSAGES.unknownCategory);
        const stored = storedRow.get(input.id);
        const { image_url, expected_stock, lead_time_days, requires_model, status, proof_before_making, kind, ...fields } = input;
        upsert.run({
          ...fields,
          stock: stored ? stockAfterSave(stored.stock, input) : input.stock,
          image_url: image_url === undefined ? (stored?.image_url ?? null) : image_url,
          lead_time_days: lead_time_days === undefined ? (stored?.lead_time_days ?? null) : lead_time_days,
          requires_model: requires_model === undefined ? (stored?.requires_model ?? 0) : requires_model,
          proof_before_making: proof_before_making ?? stored?.proof_before_making ?? 0,
          // Absent keeps what is stored; a new product without it is live, as the spec's call always made it.
          // The admin editor sends "draft" for a new one (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md).
          status: status ?? stored?.status ?? "live",
          kind: kind ?? stored?.kind ?? "item",
        });
        // With a gallery, its first picture is the primary one whatever the form held.
        if (imagesOf.all(input.id).length > 0) syncPrimaryImage(db, input.id);
        return { product: get(input.id)!, created: stored === null };
      });
    },

    /** Variants and gallery rows go with it (FK cascade); order items keep their copy of the name and price. */
    remove(id: string): void {
      writeTransaction(db, () => {
        if (remove.run(id).changes === 0) throw new NotFound(MESSAGES.productNotFound);
      });
    },

    /** The +1/−1 buttons. Read and write share one IMMEDIATE transaction, so two clicks never lose one. */
    adjustStock(id: string, delta: number): { id: string; stock: number } {
      return writeTransaction(db, () => {
        const row = stockOf.get(id);
        if (!row) throw new NotFound(MESSAGES.productNotFound);
        if (row.stock === null) throw new Conflict(MESSAGES.unlimitedStock);
        const stock = row.stock + delta;
        if (stock < 0) {
          throw new Conflict(row.stock === 0 ? MESSAGES.stockAtZero : `Stock cannot go below 0; it is ${row.stock}.`);
        }
        setStock.run(stock, id);
        return { id, stock };
      });
    },
  };
}

function groupByProduct<T extends { product_id: string }>(rows: T[]): Map<string, Omit<T, "product_id">[]> {
  const groups = new Map<string, Omit<T, "product_id">[]>();
  for (const { product_id, ...rest } of rows) {
    const group = groups.get(product_id);
    if (group) group.push(rest);
    else groups.set(product_id, [rest]);
  }
  return groups;
}
