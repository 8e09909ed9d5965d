import { openDatabase } from "../../../src/db/open";
import { addManyProducts } from "../../support/many-products";

/**
 * Adds <count> products, with the demo's own pictures, to the database of a running shop (its
 * triggers tell the shop what changed, src/db/shown-version.ts), for the catalogue's browser story.
 * Run with Bun: bun tests/e2e/support/add-many-products.ts <shop.db> <count>
 */
const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error("Usage: bun add-many-products.ts <shop.db> <count>");
const db = openDatabase(file);
const pictures = db
  .query<{ url: string; width: number; height: number }, []>(
    `SELECT DISTINCT image_url AS url, width, height FROM product_images
     WHERE width IS NOT NULL AND height IS NOT NULL ORDER BY image_url`,
  )
  .all();
if (pictures.length === 0) throw new Error("The shop has no pictures to reuse: seed the demo catalogue first.");
addManyProducts(db, Number(count), { pictures });
db.close();
