import type { Database } from "bun:sqlite";

const WORDS = ["Hexagonal", "stackable", "Geometric", "desk", "Garden", "wall", "Cable", "herb", "Spiral", "modular", "Twisted", "ribbed"];
const THINGS = ["planter", "organiser", "hook", "stand", "label set", "tray", "bracket", "vase", "coaster set", "lamp shade"];

export type ManyProductsOptions = {
  /** Which category the product numbered `index` (from 0) is in; null for none. */
  categoryOf?: (index: number) => string | null;
  /** The pictures to use, in turn (a product has one to three of them); shop pictures get a srcset. */
  pictures?: readonly { url: string; width: number; height: number }[];
  /** Prefix of every id, so two calls on one shop do not collide. */
  idPrefix?: string;
};

/** Three categories in turn: basic, personalised, none. */
const THIRDS = (index: number) => (["basic", "personalised", null] as const)[index % 3] ?? null;

/** Three of the shop's own pictures at 1600 px, so every card carries a full srcset. */
const SHOP_PICTURES = [0, 1, 2].map((n) => ({ url: `/media/many-${n}.webp`, width: 1600, height: 1600 }));

/**
 * `count` products written straight into the schema in one transaction (thousands in well under a
 * second): the full weight of a real card, each with one to three pictures, a third with three
 * variants, stock figures that give every stock text, a description longer than a card shows, and
 * names in mixed case that are not in insertion order, so the catalogue's sorting is exercised.
 */
export function addManyProducts(db: Database, count: number, options: ManyProductsOptions = {}): void {
  const { categoryOf = THIRDS, pictures = SHOP_PICTURES, idPrefix = "many" } = options;
  const product = db.query(
    `INSERT INTO products (id, name, description, price_cents, currency, image_url, stock, max_online_qty, requires_gpx, requires_image, category_id)
     VALUES (?, ?, ?, ?, 'gbp', ?, ?, NULL, 0, 0, ?)`,
  );
  const image = db.query("INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES (?, ?, ?, ?, ?)");
  const variant = db.query("INSERT INTO product_variants (id, product_id, name, price_cents, stock, sort_order) VALUES (?, ?, ?, ?, ?, ?)");
  db.transaction(() => {
    for (let index = 0; index < count; index++) {
      const id = `${idPrefix}-${index + 1}`;
      // The number first in the order of the words, last in the name: names sort apart from ids.
      const name = `${WORDS[(index * 7) % WORDS.length]} ${THINGS[index % THINGS.length]} ${count - index}`;
      const own = pictures.slice(0, 1 + (index % 3)).map((_, offset) => pictures[(index + offset) % pictures.length]!);
      const stock = index % 7 === 0 ? 0 : index % 5 === 0 ? 2 : index % 3 === 0 ? null : 20;
      const description =
        `A ${name.toLowerCase()} printed in PLA or PETG in our Cumbrian workshop. Sturdy, light and made to order, ` +
        "in any of our twelve colours, with a matt finish that hides the layer lines. Ships flat-packed in recycled card. ".repeat(3);
      product.run(id, name, description, 500 + ((index * 137) % 4000), own[0]?.url ?? null, stock, categoryOf(index));
      for (const [order, picture] of own.entries()) image.run(id, picture.url, order, picture.width, picture.height);
      if (index % 3 === 1) {
        for (const [order, size] of ["Small", "Medium", "Large"].entries()) {
          variant.run(`${id}-${size.toLowerCase()}`, id, size, 500 + order * 400, order === 2 ? 0 : null, order);
        }
      }
    }
  })();
}

/**
 * The catalogue's order, worked out apart from the shop's code: basic, personalised, then other
 * categories by their sort and name, then products with no (or an unknown) category; by name within each.
 */
export function catalogueOrder(db: Database, categoryId?: string): string[] {
  const rows = db
    .query<{ id: string }, []>(
      `SELECT p.id FROM products p LEFT JOIN categories c ON c.id = p.category_id
       ${categoryId === undefined ? "" : `WHERE p.category_id = '${categoryId.replaceAll("'", "''")}'`}
       ORDER BY CASE WHEN c.id = 'basic' THEN 0 WHEN c.id = 'personalised' THEN 1 WHEN c.id IS NOT NULL THEN 2 ELSE 3 END,
                c.sort, c.name COLLATE NOCASE, c.id, p.name COLLATE NOCASE, p.id`,
    )
    .all();
  return rows.map((row) => row.id);
}
