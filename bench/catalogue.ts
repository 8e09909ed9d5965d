import type { Database } from "bun:sqlite";
import { writeTransaction } from "../src/db/transaction";

/**
 * Products half of the crowd's checkouts buy: limited stock, no variants, no upload. At 5 such
 * checkouts a second there is stock for about 40 seconds, so most of a minute's run takes stock
 * (each take changes what pages show) and the last shoppers must be refused.
 */
export const LIMITED = Array.from({ length: 10 }, (_, index) => ({ id: `bench-limited-${index + 1}`, stock: 25 }));
/** A product whose variants carry the stock. */
export const LIMITED_VARIANTS = {
  id: "bench-variants",
  variants: [
    { id: "bench-variants-base", stock: 20 },
    { id: "bench-variants-large", stock: 15 },
  ],
};
/** Products the other half buys: unlimited stock, no variants (a checkout of them changes no page). */
export const UNLIMITED = ["bench-unlimited-1", "bench-unlimited-2", "bench-unlimited-3"];

const WORDS = ["Hexagonal", "Stackable", "Geometric", "Desk", "Garden", "Wall", "Cable", "Herb", "Spiral", "Modular", "Twisted", "Ribbed"];
const THINGS = ["planter", "organiser", "hook", "stand", "label set", "tray", "bracket", "vase", "coaster set", "lamp shade"];

/**
 * Adds 200 generated products to a seeded demo shop: a realistic catalogue
 * page (pictures, variants, stock texts) and the stock the crowd test buys.
 * Pictures reuse the demo's rendered files, so every card has real images.
 */
export function addBenchCatalogue(db: Database): void {
  const pictures = db
    .query<{ image_url: string; width: number | null; height: number | null }, []>(
      "SELECT DISTINCT image_url, width, height FROM product_images ORDER BY image_url",
    )
    .all();
  if (pictures.length === 0) throw new Error("Seed the demo catalogue first: the bench reuses its pictures.");
  const product = db.query(
    `INSERT INTO products (id, name, description, price_cents, currency, image_url, stock, max_online_qty, requires_gpx, requires_image, category_id)
     VALUES (?, ?, ?, ?, 'gbp', ?, ?, NULL, 0, 0, ?)`,
  );
  const image = db.query("INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES (?, ?, ?, ?, ?)");
  const variant = db.query("INSERT INTO product_variants (id, product_id, name, price_cents, stock, sort_order) VALUES (?, ?, ?, ?, ?, ?)");

  writeTransaction(db, () => {
    for (let index = 0; index < 200; index++) {
      const limited = LIMITED[index];
      const unlimited = UNLIMITED[index - LIMITED.length - 1];
      const id = limited?.id ?? (index === LIMITED.length ? LIMITED_VARIANTS.id : (unlimited ?? `bench-product-${index + 1}`));
      const name = `${WORDS[index % WORDS.length]} ${THINGS[index % THINGS.length]} ${index + 1}`;
      const price = 500 + ((index * 137) % 4000);
      const own = [0, 1, 2].slice(0, 1 + (index % 3)).map((offset) => pictures[(index + offset * 5) % pictures.length]!);
      const stock = limited
        ? limited.stock
        : id === LIMITED_VARIANTS.id || unlimited
          ? null
          : index % 7 === 0
            ? 0
            : index % 5 === 0
              ? 2
              : index % 3 === 0
                ? null
                : 20;
      product.run(
        id,
        name,
        `A ${name.toLowerCase()} printed in PLA or PETG in our workshop. Sturdy, light and made to order; generated for the benchmark.`,
        price,
        own[0]!.image_url,
        stock,
        index % 2 === 0 ? "basic" : "personalised",
      );
      for (const [order, picture] of own.entries()) image.run(id, picture.image_url, order, picture.width, picture.height);
      if (id === LIMITED_VARIANTS.id) {
        for (const [order, v] of LIMITED_VARIANTS.variants.entries())
          variant.run(v.id, id, order === 0 ? "Small" : "Large", price + order * 500, v.stock, order);
      } else if (!limited && !unlimited && index % 4 === 1) {
        for (const [order, size] of ["base", "medium", "large"].entries())
          variant.run(`${id}-${size}`, id, size, price + order * 400, order === 2 ? 0 : null, order);
      }
    }
  });
}
