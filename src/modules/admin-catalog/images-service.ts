import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { BadRequest, NotFound } from "../../errors";
import type { AdminImage } from "./images-model";
import { MESSAGES } from "./model-parts";

/** A new picture goes after the ones already there (docs/product.md#images-and-variants). */
const NEW_IMAGE_SORT_BASE = 1000;

export type PictureSize = { width: number; height: number } | null;
export type AdminImagesService = ReturnType<typeof createAdminImagesService>;

/**
 * Points products.image_url at the first picture of the gallery, or clears it
 * when the gallery is empty, so the catalogue, the basket and emails agree on
 * the primary picture. Call inside the write transaction that changed images.
 */
export function syncPrimaryImage(db: Database, productId: string): void {
  db.query(
    `UPDATE products SET image_url = (
       SELECT image_url FROM product_images WHERE product_id = ?1 ORDER BY sort_order, id LIMIT 1
     ), updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = ?1`,
  ).run(productId);
}

/** A product's gallery: add, reorder, remove. The files themselves are shared and content-addressed, so they stay. */
export function createAdminImagesService(db: Database) {
  const imagesOf = db.query<AdminImage, [string]>(
    "SELECT id, image_url, sort_order FROM product_images WHERE product_id = ? ORDER BY sort_order, id",
  );
  const productExists = db.query<{ id: string }, [string]>("SELECT id FROM products WHERE id = ?");
  const countOf = db.query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM product_images WHERE product_id = ?");
  const insert = db.query<AdminImage, [string, string, number, number | null, number | null]>(
    `INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES (?, ?, ?, ?, ?)
     RETURNING id, image_url, sort_order`,
  );
  const setOrder = db.query("UPDATE product_images SET sort_order = ? WHERE id = ? AND product_id = ?");
  const ownerOf = db.query<{ product_id: string }, [number]>("SELECT product_id FROM product_images WHERE id = ?");
  const remove = db.query("DELETE FROM product_images WHERE id = ?");

  function requireProduct(productId: string, message: string) {
    if (!productExists.get(productId)) throw new NotFound(message);
  }

  return {
    list(productId: string): AdminImage[] {
      requireProduct(productId, MESSAGES.productNotFound);
      return imagesOf.all(productId);
    },

    add(productId: string, imageUrl: string, sortOrder: number | undefined, size: PictureSize): AdminImage {
      return writeTransaction(db, () => {
        requireProduct(productId, MESSAGES.saveProductFirst);
        const order = sortOrder ?? (countOf.get(productId)?.n ?? 0) + NEW_IMAGE_SORT_BASE;
        const image = insert.get(productId, imageUrl, order, size?.width ?? null, size?.height ?? null)!;
        syncPrimaryImage(db, productId);
        return image;
      });
    },

    reorder(productId: string, orders: { id: number; sort_order: number }[]): AdminImage[] {
      return writeTransaction(db, () => {
        requireProduct(productId, MESSAGES.productNotFound);
        const own = new Set(imagesOf.all(productId).map((image) => image.id));
        const stranger = orders.find((order) => !own.has(order.id));
        if (stranger) throw new BadRequest(`Image ${stranger.id} does not belong to this product.`);
        for (const order of orders) setOrder.run(order.sort_order, order.id, productId);
        syncPrimaryImage(db, productId);
        return imagesOf.all(productId);
      });
    },

    remove(imageId: number): void {
      writeTransaction(db, () => {
        const owner = ownerOf.get(imageId);
        if (!owner) throw new NotFound(MESSAGES.imageNotFound);
        remove.run(imageId);
        syncPrimaryImage(db, owner.product_id);
      });
    },
  };
}
