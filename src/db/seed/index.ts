import type { Database } from "bun:sqlite";
import { join } from "node:path";
import type { Env } from "../../env";
import { writeTransaction } from "../transaction";
import { DEMO_CATEGORIES, DEMO_CONFIGURATION, DEMO_PRICING, DEMO_PRODUCTS, DEMO_PROJECTS } from "./catalogue";
import type { RenderedPictures } from "./pictures";

/**
 * Seeds the demo shop into an empty database: categories, products with
 * pictures and variants, projects and configuration. Returns false (and
 * writes nothing) when the shop already has products or categories, so an
 * owner's data is never touched. Pictures are rendered before the
 * transaction (nothing slow runs while the write lock is held) and removed
 * again if the rows cannot be written (only the copies in `mediaDir`: never
 * the files kept in `pictureCacheDir`, when one is given).
 */
export async function seedDemoCatalogue(
  db: Database,
  mediaDir: string,
  { pictureCacheDir }: { pictureCacheDir?: string } = {},
): Promise<boolean> {
  if (!isEmpty(db)) return false;
  // Loaded only to seed: the drawings and sharp cost every other start ~30 ms (docs/decisions/0008-performance.md).
  const { removeFiles, renderDemoPictures } = await import("./pictures");
  const rendered = await renderDemoPictures(mediaDir, { cacheDir: pictureCacheDir });
  try {
    return writeTransaction(db, () => {
      // Checked again under the write lock: another process may have seeded meanwhile.
      if (!isEmpty(db)) return false;
      insertDemoRows(db, rendered.pictures);
      return true;
    });
  } catch (error) {
    removeFiles(rendered.created);
    throw error;
  }
}

/**
 * Where development and test shops keep the demo pictures they rendered, beside the project's other
 * caches (node_modules/.cache, which git ignores and a fresh clone starts without): found from this
 * file, as the client build finds dist/, so any folder a shop is started from finds the same one.
 */
export const DEMO_PICTURE_CACHE_DIR = join(import.meta.dir, "..", "..", "..", "node_modules", ".cache", "strata-demo-pictures");

/**
 * The picture cache a shop seeds with: none in production, where a shop seeds once and writes nothing
 * outside DATA_DIR (docs/decisions/0060-demo-pictures-rendered-once.md).
 */
export function demoPictureCacheFor(nodeEnv: Env["NODE_ENV"]): string | undefined {
  return nodeEnv === "production" ? undefined : DEMO_PICTURE_CACHE_DIR;
}

function isEmpty(db: Database): boolean {
  const row = db.query<{ n: number }, []>("SELECT (SELECT count(*) FROM products) + (SELECT count(*) FROM categories) AS n").get();
  return (row?.n ?? 0) === 0;
}

function insertDemoRows(db: Database, pictures: RenderedPictures["pictures"]): void {
  const category = db.query("INSERT INTO categories (id, name, sort) VALUES (?, ?, ?)");
  for (const c of DEMO_CATEGORIES) category.run(c.id, c.name, c.sort);

  const product = db.query(
    `INSERT INTO products (id, name, description, price_cents, currency, image_url, stock, max_online_qty,
       requires_gpx, requires_image, category_id, requires_model, kind)
     VALUES (?, ?, ?, ?, 'gbp', ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const image = db.query("INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES (?, ?, ?, ?, ?)");
  const variant = db.query("INSERT INTO product_variants (id, product_id, name, price_cents, stock, sort_order) VALUES (?, ?, ?, ?, ?, ?)");
  for (const p of DEMO_PRODUCTS) {
    const primary = pictures[p.pictures[0]!];
    product.run(
      p.id,
      p.name,
      p.description,
      p.price_cents,
      primary.url,
      p.stock,
      p.max_online_qty,
      p.requires_gpx ? 1 : 0,
      p.requires_image ? 1 : 0,
      p.category_id,
      p.requires_model ? 1 : 0,
      p.kind ?? "item",
    );
    for (const [index, name] of p.pictures.entries()) {
      const picture = pictures[name];
      image.run(p.id, picture.url, index, picture.width, picture.height);
    }
    for (const [index, v] of p.variants.entries()) variant.run(v.id, p.id, v.name, v.price_cents, v.stock, index);
  }

  const project = db.query(
    "INSERT INTO projects (id, title, description, image_url, link_url, link_label, sort) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  for (const p of DEMO_PROJECTS) {
    project.run(p.id, p.title, p.description, pictures[p.picture].url, p.link_url, p.link_label, p.sort);
  }

  // The row migrations/0031_instant_prices.sql inserted, with the demo's believable rates.
  db.query("UPDATE pricing_settings SET settings = ? WHERE id = 1").run(JSON.stringify(DEMO_PRICING));

  const config = db.query("INSERT INTO configuration (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  for (const [key, value] of Object.entries({ ...DEMO_CONFIGURATION, hero_image_url: pictures.hero.url })) {
    config.run(key, value);
  }
}
