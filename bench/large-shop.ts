// The large shop `bun run bench` measures: the demo catalogue and the bench's 200 products (bench/catalogue.ts),
// grown to BENCH_PRODUCTS products through the admin catalogue's own services, and BENCH_ORDERS orders over three
// years, the last year about half of them (bench/order-history.ts), the newest BENCH_LIVE_ORDERS through the real
// checkout in this process (start, the demo payment, fulfilment). Built once and kept in a cache folder outside the
// repository, named by a hash of the migrations, this builder's code and the sizes; a run copies it.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrate } from "../src/db/migrate";
import { openDatabase } from "../src/db/open";
import { seedDemoCatalogue } from "../src/db/seed";
import { createDeps, type Deps } from "../src/deps";
import { parseEnv } from "../src/env";
import { parseProductSave } from "../src/modules/admin-catalog/products-model";
import { parseVariantAdd } from "../src/modules/admin-catalog/variants-model";
import type { AssetManifest } from "../src/ssr/asset-manifest";
import { addBenchCatalogue } from "./catalogue";
import { type SellableLine, writeOrderHistory } from "./order-history";
import { makePeople, type Person, pick, type Random, seededRandom } from "./people";

const ROOT = join(import.meta.dir, "..");

export type LargeShopSize = { products: number; orders: number; liveOrders: number };

/** What the cached shop holds, as the bench reports it. */
export type LargeShop = {
  /** The cached folder (shop.db and media/): copy it with copyLargeShop, never run a shop on it. */
  dir: string;
  built: boolean;
  /** How long the build took (this run's, or the one that made the cache). */
  buildMs: number;
  builtAt: string;
  products: number;
  orders: number;
  ordersLastYear: number;
};

/** A cached shop older than this is built again: its "last year" would hold fewer and fewer orders. */
const CACHE_DAYS = 7;
/** The builder's own code: a change to any of it is a different shop. */
const BUILDER_FILES = ["bench/large-shop.ts", "bench/order-history.ts", "bench/people.ts", "bench/catalogue.ts", "src/db/seed"];

/** Pages only link to these; the builder renders no page. */
const NO_ASSETS: AssetManifest = {
  clientScript: "/assets/client.js",
  stylesheet: "/assets/main.css",
  adminScript: "/assets/admin.js",
  adminStylesheet: "/assets/admin.css",
  captchaStylesheet: "/assets/captcha.css",
  captchaWorker: "/assets/altcha.js",
  packingSlipStylesheet: "/assets/packing-slips.css",
};

export function cacheFolder(): string {
  return process.env.BENCH_CACHE_DIR ?? join(tmpdir(), "strata-bench-cache");
}

function filesUnder(path: string): string[] {
  const full = join(ROOT, path);
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath.slice(ROOT.length + 1), entry.name))
    .sort();
}

function cacheKey(size: LargeShopSize): string {
  const hash = createHash("sha256").update(JSON.stringify(size));
  for (const file of [...filesUnder("migrations"), ...BUILDER_FILES.flatMap(filesUnder)]) {
    hash.update(file).update(readFileSync(join(ROOT, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** The cached large shop, built first when there is none for this code and size (or BENCH_REBUILD=1). */
export async function largeShop(size: LargeShopSize, log: (text: string) => void): Promise<LargeShop> {
  const dir = join(cacheFolder(), `shop-${size.products}p-${size.orders}o-${cacheKey(size)}`);
  const facts = join(dir, "facts.json");
  if (existsSync(facts) && process.env.BENCH_REBUILD !== "1") {
    const cached = JSON.parse(readFileSync(facts, "utf8")) as LargeShop;
    if (Date.now() - Date.parse(cached.builtAt) < CACHE_DAYS * 86_400_000) return { ...cached, dir, built: false };
  }
  // One shop per size is kept: those of older code go (each is ~140 MB at the full size).
  const folder = cacheFolder();
  const sameSize = `shop-${size.products}p-${size.orders}o-`;
  if (existsSync(folder))
    for (const old of readdirSync(folder)) if (old.startsWith(sameSize)) rmSync(join(folder, old), { recursive: true, force: true });
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const started = performance.now();
  const shop = await buildLargeShop(building, size, log);
  const result: LargeShop = { ...shop, dir, built: true, buildMs: Math.round(performance.now() - started) };
  await Bun.write(join(building, "facts.json"), JSON.stringify(result, null, 2));
  // Only a finished build is ever found in the cache.
  renameSync(building, dir);
  return result;
}

/** A run's own copy of the cached shop (the crowd buys stock and adds orders). */
export function copyLargeShop(shop: LargeShop, to: string): void {
  cpSync(shop.dir, to, { recursive: true });
  rmSync(join(to, "facts.json"), { force: true });
}

async function buildLargeShop(dir: string, size: LargeShopSize, log: (text: string) => void) {
  const db = openDatabase(join(dir, "shop.db"));
  // The builder's connection only: orders are keyed by random ids, and a page cache that holds the indexes
  // saves most of the build's reads. The shop opens the file with its own settings.
  // Nor does a build wait for the disk at every commit: a build cut short is never cached (largeShop).
  db.exec("PRAGMA cache_size = -262144");
  db.exec("PRAGMA synchronous = OFF");
  migrate(db);
  await seedDemoCatalogue(db, join(dir, "media"));
  addBenchCatalogue(db);
  const env = parseEnv({ DATA_DIR: dir, NODE_ENV: "development", SEED_DEMO: "false", PUBLIC_URL: "http://127.0.0.1:3300" });
  const deps = createDeps(env, db, NO_ASSETS);
  const random = seededRandom(20_261_127);

  let phase = performance.now();
  const added = addProducts(deps, size.products, random);
  log(`large shop: ${added} products added through the admin catalogue in ${Math.round(performance.now() - phase)} ms`);

  const catalogue = sellable(deps);
  const people = makePeople(random, Math.max(1_000, Math.round(size.orders * 0.45)));
  phase = performance.now();
  const until = new Date();
  const history = writeOrderHistory(db, {
    count: size.orders - size.liveOrders,
    until,
    random,
    catalogue,
    people,
    onProgress: (written) => {
      if (written % 20_000 === 0) log(`large shop: ${written} orders written`);
    },
  });
  log(
    `large shop: ${size.orders - size.liveOrders} orders over three years in ${Math.round(performance.now() - phase)} ms ` +
      `(${history.canceled} cancelled, ${history.refunds} refunds, ${history.quoted} quoted)`,
  );

  phase = performance.now();
  await liveOrders(deps, size.liveOrders, catalogue, people, random);
  log(`large shop: ${size.liveOrders} orders through the checkout and its fulfilment in ${Math.round(performance.now() - phase)} ms`);

  const count = (sql: string, ...args: string[]) => db.query<{ n: number }, string[]>(sql).get(...args)?.n ?? 0;
  const facts = {
    builtAt: until.toISOString(),
    products: count("SELECT count(*) AS n FROM products"),
    orders: count("SELECT count(*) AS n FROM orders"),
    ordersLastYear: count(
      "SELECT count(*) AS n FROM orders WHERE created_at >= ?",
      new Date(until.getTime() - 365 * 86_400_000).toISOString(),
    ),
  };
  db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  return facts;
}

const WORDS = ["Hexagonal", "Stackable", "Geometric", "Desk", "Garden", "Wall", "Cable", "Herb", "Spiral", "Modular", "Twisted", "Ribbed"];
const THINGS = ["planter", "organiser", "hook", "stand", "label set", "tray", "bracket", "vase", "coaster set", "lamp shade", "box"];
const FINISHES = ["in sage", "in terracotta", "in charcoal", "in oat", "in cobalt", "in marble PLA", "in glow PETG", ""];

/** Products up to `total`, each saved as the admin's product form saves it; one in four has sizes. */
function addProducts(deps: Deps, total: number, random: Random): number {
  const { products, variants } = deps.adminCatalog;
  const pictures = deps.db
    .query<{ image_url: string; width: number | null; height: number | null }, []>(
      "SELECT DISTINCT image_url, width, height FROM product_images ORDER BY image_url",
    )
    .all();
  const gallery = deps.db.query("INSERT INTO product_images (product_id, image_url, sort_order, width, height) VALUES (?, ?, ?, ?, ?)");
  const existing = deps.db.query<{ n: number }, []>("SELECT count(*) AS n FROM products").get()?.n ?? 0;
  const categories = ["basic", "personalised", "basic", "personalised", null] as const;
  deps.db
    .transaction(() => {
      for (let index = existing; index < total; index++) {
        const id = `shop-product-${index + 1}`;
        const name = `${pick(random, WORDS)} ${pick(random, THINGS)} ${pick(random, FINISHES)}`.trim();
        const own = [0, 1, 2].slice(0, 1 + (index % 3)).map((offset) => pictures[(index + offset * 5) % pictures.length]!);
        products.save(
          parseProductSave({
            id,
            name: `${name} no. ${index + 1}`,
            price_cents: 400 + Math.floor(random() * 60) * 100 + 95,
            stock: random() < 0.3 ? null : Math.floor(random() * 40),
            description: `A ${name.toLowerCase()}, printed to order in our workshop in PLA or PETG. Light, sturdy and recyclable.`,
            image_url: own[0]!.image_url,
            category_id: categories[index % categories.length],
            requires_gpx: false,
            requires_image: false,
          }),
        );
        for (const [order, picture] of own.entries()) gallery.run(id, picture.image_url, order, picture.width, picture.height);
        if (index % 4 === 0) {
          for (const [order, label] of ["Small", "Medium", "Large"].entries())
            variants.add(
              id,
              parseVariantAdd({ id: `${id}-${label.toLowerCase()}`, name: label, price_cents: 900 + order * 400, stock: null }),
            );
        }
      }
    })
    .immediate();
  return Math.max(0, total - existing);
}

/**
 * What can be sold as it is: each product without variants, each variant of those with them, most popular first.
 * Left out, as the uploads are: a product printed from the shopper's own model, and gift vouchers (each bought
 * with its own amount and recipient, docs/decisions/0054-gift-vouchers.md).
 */
function sellable(deps: Deps): SellableLine[] {
  return deps.db
    .query<{ productId: string; variantId: string | null; name: string; variantName: string | null; priceCents: number }, []>(
      `SELECT p.id AS productId, v.id AS variantId, p.name AS name, v.name AS variantName, COALESCE(v.price_cents, p.price_cents) AS priceCents
       FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
       WHERE p.requires_gpx = 0 AND p.requires_image = 0 AND p.requires_model = 0 AND p.kind = 'item'
       ORDER BY p.rowid, v.sort_order`,
    )
    .all();
}

/**
 * The newest orders as shoppers place them: the checkout prices the basket and holds its stock, the demo payment
 * page takes the payment, and fulfilment makes the order in one transaction with everything it keeps up to date.
 */
async function liveOrders(deps: Deps, count: number, catalogue: SellableLine[], people: Person[], random: Random): Promise<void> {
  // Unlimited stock, so every checkout is accepted however the history left the shelves.
  const unlimited = new Set(
    deps.db
      .query<{ id: string }, []>(
        `SELECT p.id FROM products p WHERE p.stock IS NULL AND NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock IS NOT NULL)`,
      )
      .all()
      .map((row) => row.id),
  );
  const lines = catalogue.filter((line) => unlimited.has(line.productId));
  if (!deps.demoPayments) throw new Error("The large shop is built with the demo payment provider");
  for (let index = 0; index < count; index++) {
    const line = lines[Math.floor(lines.length * random() ** 2)]!;
    const units = 1 + Math.floor(random() * 2);
    const entries = Array.from({ length: units }, () => ({
      id: line.productId,
      productName: line.name,
      ...(line.variantId ? { variantId: line.variantId } : {}),
    }));
    const { url } = await deps.checkout.start(entries, { clientKey: null, basketId: null, address: `10.99.${index >> 8}.${index & 255}` });
    const person = people[Math.floor(random() * people.length)]!;
    const address = {
      name: person.name,
      line1: person.line1,
      line2: null,
      city: person.city,
      postalCode: person.postalCode,
      country: "GB",
    };
    const snapshot = deps.demoPayments!.complete(url.slice(url.lastIndexOf("/") + 1), {
      email: person.email,
      shipping: address,
      billing: address,
    });
    if (!snapshot) throw new Error(`The demo payment of checkout ${index} was refused`);
    const outcome = deps.checkout.fulfil(snapshot);
    if (outcome.kind !== "order") throw new Error(`Checkout ${index} made no order: ${JSON.stringify(outcome)}`);
  }
}
