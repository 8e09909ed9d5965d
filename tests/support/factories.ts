import type { Database } from "bun:sqlite";

/** Small writers for test data, straight into the schema (no app code involved). */
export function addCategory(db: Database, category: { id: string; name: string; sort?: number }) {
  db.query("INSERT INTO categories (id, name, sort) VALUES (?, ?, ?)").run(category.id, category.name, category.sort ?? 0);
}

export type ProductFixture = {
  id: string;
  name?: string;
  description?: string;
  price_cents?: number;
  stock?: number | null;
  max_online_qty?: number | null;
  requires_gpx?: boolean;
  requires_image?: boolean;
  requires_model?: boolean;
  proof_before_making?: boolean;
  /** A gift voucher product (docs/decisions/0054-gift-vouchers.md). */
  kind?: "voucher";
  category_id?: string | null;
  images?: string[];
  variants?: { id: string; name: string; price_cents: number; stock?: number | null }[];
};

export function addProduct(db: Database, product: ProductFixture) {
  db.query(
    `INSERT INTO products (id, name, description, price_cents, stock, max_online_qty, requires_gpx, requires_image, category_id, image_url)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    product.id,
    product.name ?? `Product ${product.id}`,
    product.description ?? `A description of ${product.id}.`,
    product.price_cents ?? 1000,
    product.stock === undefined ? null : product.stock,
    product.max_online_qty ?? null,
    product.requires_gpx ? 1 : 0,
    product.requires_image ? 1 : 0,
    product.category_id ?? null,
    product.images?.[0] ?? null,
  );
  // A column a later migration added, set only when asked for, so a shop from before it (an upgrade test) takes the rest.
  if (product.requires_model) db.query("UPDATE products SET requires_model = 1 WHERE id = ?").run(product.id);
  if (product.proof_before_making) db.query("UPDATE products SET proof_before_making = 1 WHERE id = ?").run(product.id);
  if (product.kind) db.query("UPDATE products SET kind = ? WHERE id = ?").run(product.kind, product.id);
  product.images?.forEach((url, index) => {
    db.query("INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES (?, ?, ?, 800, 800)").run(
      product.id,
      url,
      index,
    );
  });
  product.variants?.forEach((variant, index) => {
    db.query("INSERT INTO product_variants (id, product_id, name, price_cents, stock, sort_order) VALUES (?, ?, ?, ?, ?, ?)").run(
      variant.id,
      product.id,
      variant.name,
      variant.price_cents,
      variant.stock === undefined ? null : variant.stock,
      index,
    );
  });
}

/** A £24 product with 5 in stock, the plain thing most checkout tests buy. */
export const BIRD_FEEDER: ProductFixture = { id: "feeder", name: "Bird feeder", price_cents: 2400, stock: 5 };

/** A £12 product with 5 in stock and two variants: Small (£12, unlimited) and Large (£22, 2 in stock). */
export const PLANTER: ProductFixture = {
  id: "planter",
  name: "Planter",
  price_cents: 1200,
  stock: 5,
  variants: [
    { id: "planter-base", name: "Small", price_cents: 1200, stock: null },
    { id: "planter-large", name: "Large", price_cents: 2200, stock: 2 },
  ],
};

/** A £39 made-to-order product that needs the shopper's GPX route. */
export const RELIEF_MAP: ProductFixture = { id: "map", name: "Relief map", price_cents: 3900, requires_gpx: true };

export function setConfig(db: Database, key: string, value: string) {
  db.query("INSERT INTO configuration (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(key, value);
}

export function addProject(db: Database, project: { id: string; title: string; sort?: number; link_url?: string | null }) {
  db.query("INSERT INTO projects (id, title, description, sort, link_url) VALUES (?, ?, ?, ?, ?)").run(
    project.id,
    project.title,
    `About ${project.title}.`,
    project.sort ?? 0,
    project.link_url ?? null,
  );
}
