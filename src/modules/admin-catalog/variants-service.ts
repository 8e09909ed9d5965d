import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { Conflict, NotFound } from "../../errors";
import { MESSAGES } from "./model-parts";
import { stockAfterSave } from "./stock-edit";
import type { AdminVariant, VariantAdd, VariantEdit } from "./variants-model";

/** The schema's limit on variant ids. */
const MAX_VARIANT_ID = 96;

export type AdminVariantsService = ReturnType<typeof createAdminVariantsService>;

/** Sizes, colours and other options of one product. Ids are global (the primary key), not per product. */
export function createAdminVariantsService(db: Database) {
  const productExists = db.query<{ id: string }, [string]>("SELECT id FROM products WHERE id = ?");
  const variantExists = db.query<{ id: string }, [string]>("SELECT id FROM product_variants WHERE id = ?");
  const variantStock = db.query<{ stock: number | null }, [string]>("SELECT stock FROM product_variants WHERE id = ?");
  const nextSortOrder = db.query<{ next: number }, [string]>(
    "SELECT COALESCE(MAX(sort_order), -1) + 1 AS next FROM product_variants WHERE product_id = ?",
  );
  const insert = db.query<AdminVariant, [string, string, string, number, number | null, number]>(
    `INSERT INTO product_variants (id, product_id, name, price_cents, stock, sort_order) VALUES (?, ?, ?, ?, ?, ?)
     RETURNING id, name, price_cents, stock, sort_order`,
  );
  const update = db.query<AdminVariant, [string, number, number | null, number | null, string]>(
    `UPDATE product_variants SET name = ?, price_cents = ?, stock = ?, sort_order = COALESCE(?, sort_order)
     WHERE id = ? RETURNING id, name, price_cents, stock, sort_order`,
  );
  const remove = db.query("DELETE FROM product_variants WHERE id = ?");

  /** `${productId}-${slug(name)}`, cut to fit and numbered when taken: "mug-large", "mug-large-2"… */
  function freeIdFor(productId: string, name: string): string {
    const base = `${productId}-${slug(name)}`;
    for (let n = 1; ; n++) {
      const suffix = n === 1 ? "" : `-${n}`;
      const candidate = base.slice(0, MAX_VARIANT_ID - suffix.length).replace(/-+$/, "") + suffix;
      if (!variantExists.get(candidate)) return candidate;
    }
  }

  return {
    add(productId: string, input: VariantAdd): AdminVariant {
      return writeTransaction(db, () => {
        if (!productExists.get(productId)) throw new NotFound(MESSAGES.productNotFound);
        const id = input.id ?? freeIdFor(productId, input.name);
        if (variantExists.get(id)) throw new Conflict(`A variant with id "${id}" already exists. Choose another id.`);
        return insert.get(id, productId, input.name, input.price_cents, input.stock, nextSortOrder.get(productId)!.next)!;
      });
    },

    /** Stock follows stockAfterSave, the product save's rule. */
    edit(id: string, input: VariantEdit): AdminVariant {
      return writeTransaction(db, () => {
        const stored = variantStock.get(id);
        if (!stored) throw new NotFound(MESSAGES.variantNotFound);
        return update.get(input.name, input.price_cents, stockAfterSave(stored.stock, input), input.sort_order ?? null, id)!;
      });
    },

    /** The '-base' variant is what a product page preselects, so it stays (docs/product.md#images-and-variants). */
    remove(id: string): void {
      writeTransaction(db, () => {
        if (!variantExists.get(id)) throw new NotFound(MESSAGES.variantNotFound);
        if (id.endsWith("-base")) throw new Conflict(MESSAGES.baseVariant);
        remove.run(id);
      });
    },
  };
}

/** Lower-case letters and digits joined by single hyphens; "variant" when nothing is left. */
function slug(name: string): string {
  const text = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return text || "variant";
}
