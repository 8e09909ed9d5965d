import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { OFF_THREAD_BYTES, QUICK_ANSWERS } from "../../src/http/response-cache";
import { CARD_DESCRIPTION_LIMIT } from "../../web/components/ProductCard";
import { CATALOGUE_PAGE_SIZE } from "../../web/lib/catalogue-pages";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addCategory, addProduct } from "../support/factories";
import { mainOf, textOf, titleOf } from "../support/html";
import { addManyProducts, catalogueOrder } from "../support/many-products";
import { createTestShop } from "../support/test-app";
import { HANG_GUARD_MS, waitUntil } from "../support/wait-until";

// The catalogue page in pages (docs/decisions/0033-catalogue-pages.md): at 2,000 products each page
// stays far under 200 kB, every product is reached once by following the pager's links, in the
// spec's group order, and the grouping and ?cat= keep working as plain links without JavaScript.

const PRODUCTS = 2000;
const MOST_BYTES = 200_000;
const PAGES = Math.ceil(PRODUCTS / CATALOGUE_PAGE_SIZE);

let shop: OwnerShop;

beforeAll(async () => {
  shop = await createOwnerShop();
  addCategory(shop.db, { id: "personalised", name: "Personalised", sort: 1 });
  addCategory(shop.db, { id: "basic", name: "Basic", sort: 2 });
  addManyProducts(shop.db, PRODUCTS);
});
afterAll(() => shop.close());

type Page = { path: string; status: number; bytes: number; body: string; main: string };

async function open(path: string): Promise<Page> {
  const response = await shop.request(path);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const body = new TextDecoder().decode(bytes);
  return { path, status: response.status, bytes: bytes.byteLength, body, main: mainOf(body) };
}

/** The products' ids on a page, in the order its cards are. */
const cardIds = (main: string) =>
  [...main.matchAll(/<article class="product-card" aria-labelledby="product-(.+?)-name"/g)].map((m) => m[1]!);

/** The page's visible group headings, in order (the visually hidden ones of a category's page included). */
const headings = (main: string) => [...main.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => textOf(m[1] ?? ""));

const decode = (href: string) => href.replaceAll("&amp;", "&");

/** The pager's Next link, or null on the last page. */
const nextLink = (main: string) => {
  const href = /<a class="pager__step pager__step--next" rel="next" href="([^"]+)"/.exec(main)?.[1];
  return href === undefined ? null : decode(href);
};

/** The pager's page-number links: [number, address]. */
const pageLinks = (main: string) =>
  [...main.matchAll(/<a class="pager__page" href="([^"]+)" aria-label="Page (\d+)"/g)].map((m) => [Number(m[2]), decode(m[1]!)] as const);

/** Every page of a listing, by following Next from `start`. */
async function followNext(start: string): Promise<Page[]> {
  const pages: Page[] = [];
  let path: string | null = start;
  while (path !== null) {
    const page = await open(path);
    expect({ path, status: page.status }).toEqual({ path, status: 200 });
    pages.push(page);
    path = nextLink(page.main);
    if (pages.length > PAGES + 1) throw new Error("the Next links never end");
  }
  return pages;
}

const productOf = (id: string) =>
  shop.db.query<{ category_id: string | null }, [string]>("SELECT category_id FROM products WHERE id = ?").get(id);

describe("/products at 2,000 products", () => {
  let pages: Page[];
  // Making 42 pages the first time renders 2,000 cards: longer than a hook's default 5 s on a busy machine.
  beforeAll(async () => {
    pages = await followNext("/products");
  }, HANG_GUARD_MS);

  test(`every page's HTML is at most 200 kB uncompressed (${PAGES} pages of ${CATALOGUE_PAGE_SIZE})`, () => {
    expect(pages.length).toBe(PAGES);
    for (const page of pages) expect({ path: page.path, small: page.bytes <= MOST_BYTES }).toEqual({ path: page.path, small: true });
  });

  test("following Next from /products reaches every product exactly once, in the catalogue's group order", () => {
    const seen = pages.flatMap((page) => cardIds(page.main));
    expect(seen.length).toBe(PRODUCTS);
    expect(new Set(seen).size).toBe(PRODUCTS);
    expect(seen).toEqual(catalogueOrder(shop.db));
    for (const page of pages.slice(0, -1)) expect(cardIds(page.main).length).toBe(CATALOGUE_PAGE_SIZE);
  });

  test("the page-number links lead to the same pages as Next, and page 1 is plain /products", () => {
    const addresses = pages.map((page) => page.path);
    expect(addresses[0]).toBe("/products");
    expect(addresses[1]).toBe("/products?page=2");
    expect(addresses.at(-1)).toBe(`/products?page=${PAGES}`);
    for (const [index, page] of pages.entries()) {
      const links = pageLinks(page.main);
      // The first, the last, the current one and its neighbours.
      expect(links.map(([number]) => number)).toContain(1);
      expect(links.map(([number]) => number)).toContain(PAGES);
      expect(links.find(([number]) => number === index + 1)?.[1]).toBe(page.path);
      for (const [number, href] of links) expect(href).toBe(addresses[number - 1]!);
      expect(page.main).toMatch(new RegExp(`<a class="pager__page" href="[^"]+" aria-label="Page ${index + 1}" aria-current="page">`));
    }
  });

  test("each page says which products it shows of how many, and its title says the page", () => {
    expect(textOf(pages[0]!.main)).toContain("Showing 1–48 of 2,000 products");
    expect(textOf(pages[1]!.main)).toContain("Showing 49–96 of 2,000 products");
    expect(textOf(pages.at(-1)!.main)).toContain(`Showing 1,969–2,000 of 2,000 products`);
    expect(titleOf(pages[0]!.body)).toBe("All products · Strata");
    expect(titleOf(pages[1]!.body)).toBe(`All products, page 2 of ${PAGES} · Strata`);
    expect(pages[1]!.body).toContain('<link rel="canonical" href="http://shop.test/products?page=2"/>');
  });

  test("?page=1 is the first page, whose one address for search engines is plain /products", async () => {
    const page = await open("/products?page=1");
    expect(page.status).toBe(200);
    expect(cardIds(page.main)).toEqual(cardIds(pages[0]!.main));
    expect(page.body).toContain('<link rel="canonical" href="http://shop.test/products"/>');
  });

  test("Previous is on every page but the first, Next on every page but the last", () => {
    expect(pages[0]!.main).not.toContain('rel="prev"');
    expect(pages[1]!.main).toContain('<a class="pager__step pager__step--previous" rel="prev" href="/products">');
    expect(pages[2]!.main).toContain('rel="prev" href="/products?page=2"');
    expect(nextLink(pages.at(-1)!.main)).toBeNull();
  });

  test("the headings: 'Basic' and 'Personalised' wherever their groups have cards, in that order, none for uncategorised", () => {
    for (const page of pages) {
      const categories = [...new Set(cardIds(page.main).map((id) => productOf(id)?.category_id ?? null))];
      const expected = categories.flatMap((category) =>
        category === "basic" ? ["Basic"] : category === "personalised" ? ["Personalised"] : [],
      );
      expect({ path: page.path, headings: headings(page.main) }).toEqual({ path: page.path, headings: expected });
    }
    // The pages where one group ends and the next begins show both, the earlier group first.
    const seams = pages.filter((page) => new Set(cardIds(page.main).map((id) => productOf(id)?.category_id ?? null)).size > 1);
    expect(seams.length).toBe(2);
    expect(headings(seams[0]!.main)).toEqual(["Basic", "Personalised"]);
    expect(headings(seams[1]!.main)).toEqual(["Personalised"]);
    expect(seams[1]!.main).toContain('aria-label="More products"');
  });

  test("every card keeps its pictures (with a srcset), name, price, option count, description, stock text and button", () => {
    const main = pages[0]!.main;
    const cards = main
      .split('<article class="product-card"')
      .slice(1)
      .map((rest) => rest.slice(0, rest.indexOf("</article>")));
    expect(cards.length).toBe(CATALOGUE_PAGE_SIZE);
    for (const card of cards) {
      const id = /aria-labelledby="product-(.+?)-name"/.exec(card)![1]!;
      const pictures = shop.db.query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM product_images WHERE product_id = ?").get(id)!.n;
      const variants = shop.db.query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM product_variants WHERE product_id = ?").get(id)!.n;
      expect({
        id,
        pictures: card.match(/<img /g)?.length,
        srcsets: card.match(/srcSet="\/media\/many-\d\.w400\.webp 400w/g)?.length,
      }).toEqual({
        id,
        pictures,
        srcsets: pictures,
      });
      const text = textOf(card);
      expect(text).toMatch(variants > 1 ? /From £\d+\.\d\d 3 options/ : /£\d+\.\d\d/);
      expect(text).toMatch(/printed in PLA or PETG in our Cumbrian workshop/);
      expect(text).toMatch(/In stock|Only 2 left|Out of stock|Made to order/);
      expect(card).toContain('data-island="ProductPurchase"');
      // The button says what it does, or why it cannot.
      expect(text).toMatch(/Out of stock Out of stock$|Add to basket$/);
    }
  });

  test("a card's description is cut to what a card can show, with an ellipsis; the product page has it whole", async () => {
    const id = cardIds(pages[0]!.main)[0]!;
    const { description } = shop.db.query<{ description: string }, [string]>("SELECT description FROM products WHERE id = ?").get(id)!;
    const card = pages[0]!.main.split('<article class="product-card"')[1]!;
    const shown = textOf(/<p class="product-card__description">([\s\S]*?)<\/p>/.exec(card)![1]!);
    expect(description.length).toBeGreaterThan(CARD_DESCRIPTION_LIMIT);
    expect(shown).toBe(`${description.slice(0, CARD_DESCRIPTION_LIMIT).trimEnd()}…`);
    expect(textOf((await open(`/products/${id}`)).main)).toContain(description.replace(/\s+/g, " ").trim());
  });

  test("the categories are plain links on every page, the one shown marked as current", () => {
    const nav = /<nav class="category-links" aria-label="Categories">([\s\S]*?)<\/nav>/.exec(pages[3]!.main)?.[1] ?? "";
    expect(textOf(nav)).toBe("All products Basic (667) Personalised (667)");
    expect(nav).toContain('<a href="/products" aria-current="page">');
    expect(nav).toContain('<a href="/products?cat=basic">');
    expect(nav).toContain('<a href="/products?cat=personalised">');
  });

  test("GET /api/catalog still answers the whole catalogue", async () => {
    const { status, body } = await shop.json<{ id: string }[]>("/api/catalog");
    expect(status).toBe(200);
    expect(body.length).toBe(PRODUCTS);
  });

  test(
    "GET /api/catalog, a large kept answer, is compressed harder off the main thread: asks meanwhile get the quick bytes at once",
    async () => {
      // A query string of its own, so this entry's first answer is made here.
      const path = "/api/catalog?harder=1";
      const brotli = async () => new Uint8Array(await (await shop.request(path, { headers: { "accept-encoding": "br" } })).arrayBuffer());
      const quick = await brotli();
      expect(brotliDecompressSync(quick).byteLength).toBeGreaterThan(OFF_THREAD_BYTES);
      for (let answer = 1; answer < QUICK_ANSWERS; answer++) expect(await brotli()).toEqual(quick);
      // The ask that earns the harder compression starts it and is answered with the quick bytes, not held for it.
      expect(await brotli()).toEqual(quick);
      await waitUntil(async () => (await brotli()).byteLength < quick.byteLength, 20_000, "the harder compression of the catalogue JSON");
      const harder = await brotli();
      expect(brotliDecompressSync(harder).toString()).toBe(brotliDecompressSync(quick).toString());
      expect(JSON.parse(brotliDecompressSync(harder).toString()).length).toBe(PRODUCTS);
    },
    HANG_GUARD_MS,
  );

  test(
    "GET /api/catalog's first asks, brotli and gzip together, all get the same catalogue; after a sale, the new stock",
    async () => {
      const path = "/api/catalog?first=1";
      const ask = async (encoding: "br" | "gzip") => {
        const response = await shop.request(path, { headers: { "accept-encoding": encoding } });
        expect(response.headers.get("content-encoding")).toBe(encoding);
        const bytes = new Uint8Array(await response.arrayBuffer());
        const text = (encoding === "br" ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
        return JSON.parse(text) as { id: string; stock: number | null }[];
      };
      const first = await Promise.all([ask("br"), ask("gzip"), ask("br"), ask("gzip")]);
      for (const answer of first) expect(answer).toEqual(first[0]!);
      expect(first[0]!.length).toBe(PRODUCTS);
      const sold = first[0]!.find((product) => product.stock !== null && product.stock > 0)!;
      shop.db.run("UPDATE products SET stock = stock - 1 WHERE id = ?", [sold.id]);
      for (const answer of await Promise.all([ask("br"), ask("gzip")]))
        expect(answer.find((product) => product.id === sold.id)?.stock).toBe(sold.stock! - 1);
    },
    HANG_GUARD_MS,
  );

  test(
    "GET /api/catalog's bytes in an encoding not made yet are made off the main thread: a shopper's kept page is answered meanwhile",
    async () => {
      const path = "/api/catalog?gzip-later=1";
      const asked = (encoding: string) => shop.request(path, { headers: { "accept-encoding": encoding } });
      const brotli = await asked("br");
      expect(brotli.headers.get("content-encoding")).toBe("br");
      const catalogue = brotliDecompressSync(new Uint8Array(await brotli.arrayBuffer())).toString();
      expect((await shop.request("/products")).status).toBe(200);
      // The catalogue is kept now, in brotli only; its first gzip ask waits for bytes made on the thread pool.
      let gzipAnswered = false;
      const gzipped = asked("gzip").then((response) => {
        gzipAnswered = true;
        return response;
      });
      const page = await shop.request("/products");
      expect(page.status).toBe(200);
      expect(page.headers.get("age")).not.toBeNull(); // kept: answered from memory
      expect(gzipAnswered).toBe(false);
      const gzip = await gzipped;
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(gunzipSync(new Uint8Array(await gzip.arrayBuffer())).toString()).toBe(catalogue);
      // Made once, the gzip bytes are kept: the next gzip ask is answered from memory like any kept answer.
      const again = await asked("gzip");
      expect(again.headers.get("age")).not.toBeNull();
      expect(gunzipSync(new Uint8Array(await again.arrayBuffer())).toString()).toBe(catalogue);
    },
    HANG_GUARD_MS,
  );
});

describe("?cat= with pages", () => {
  test(
    "following Next from /products?cat=personalised reaches each of its products once, in name order, and no other",
    async () => {
      const pages = await followNext("/products?cat=personalised");
      expect(pages.map((page) => page.path)).toEqual(
        Array.from({ length: Math.ceil(667 / CATALOGUE_PAGE_SIZE) }, (_, index) =>
          index === 0 ? "/products?cat=personalised" : `/products?cat=personalised&page=${index + 1}`,
        ),
      );
      expect(pages.flatMap((page) => cardIds(page.main))).toEqual(catalogueOrder(shop.db, "personalised"));
      for (const page of pages) {
        for (const [, href] of pageLinks(page.main)) expect(href).toStartWith("/products?cat=personalised");
        // The category's heading is there for screen readers, not shown twice under the page's own.
        expect(page.main).toContain('<h2 id="group-personalised" class="visually-hidden">Personalised</h2>');
        expect(textOf(page.main)).toContain("of 667 products");
      }
      expect(titleOf(pages[1]!.body)).toBe("Personalised prints, page 2 of 14 · Strata");
    },
    HANG_GUARD_MS,
  );

  test("a page past a category's last is 404 and says how many pages the category has", async () => {
    const page = await open("/products?cat=basic&page=15");
    expect(page.status).toBe(404);
    expect(textOf(page.main)).toContain("We couldn't find that page These products run to 14 pages.");
    expect(page.main).toContain('href="/products?cat=basic&amp;page=14">Go to the last page</a>');
    expect(page.main).toContain('href="/products?cat=basic">Go to the first page</a>');
  });

  test("an unknown category is still 404 'We couldn't find that category', whatever the page", async () => {
    const page = await open("/products?cat=nope&page=2");
    expect(page.status).toBe(404);
    expect(textOf(page.main)).toContain("We couldn't find that category");
    expect(cardIds(page.main)).toEqual([]);
  });
});

describe("page numbers that are not pages", () => {
  // Each answers 404 with the way to the first and last pages, shows no products, and is not kept
  // (a 404 never is), so a made-up address costs one small render and no memory.
  const cases: [string, string][] = [
    ["past the last page", `${PAGES + 1}`],
    ["far past the last page", "999999999"],
    ["zero", "0"],
    ["negative", "-1"],
    ["a word", "two"],
    ["a fraction", "1.5"],
    ["a leading zero", "02"],
    ["empty", ""],
    ["too many digits", "1234567890"],
  ];
  for (const [what, value] of cases) {
    test(`?page= ${what} ("${value}") answers 404 'We couldn't find that page' with links to the first and last pages`, async () => {
      const before = shop.app.responseCache.stats().entries;
      const page = await open(`/products?page=${encodeURIComponent(value)}`);
      expect(page.status).toBe(404);
      expect(titleOf(page.body)).toBe("Page not found · Strata");
      expect(textOf(page.main)).toContain(`We couldn't find that page These products run to ${PAGES} pages.`);
      expect(page.main).toContain('<a class="button button--primary" href="/products">Go to the first page</a>');
      expect(page.main).toContain(`<a href="/products?page=${PAGES}">Go to the last page</a>`);
      expect(page.body).toContain('<meta name="robots" content="noindex"/>');
      expect(cardIds(page.main)).toEqual([]);
      expect(shop.app.responseCache.stats().entries).toBe(before);
    });
  }
});

describe("an empty shop", () => {
  test("/products answers 200 saying there is nothing yet, with no pager", async () => {
    const empty = await createTestShop();
    try {
      const { status, body } = await empty.html("/products");
      const main = mainOf(body);
      expect(status).toBe(200);
      expect(textOf(main)).toContain("Nothing here yet There are no products at the moment.");
      expect(main).not.toContain("pager");
      expect(main).not.toContain("Showing");
      expect(main).not.toContain("category-links");
    } finally {
      empty.close();
    }
  });

  test("its page 2 is 404: the one page is all there is", async () => {
    const empty = await createTestShop();
    try {
      const { status, body } = await empty.html("/products?page=2");
      expect(status).toBe(404);
      expect(textOf(mainOf(body))).toContain("We couldn't find that page These products fit on one page.");
      expect(mainOf(body)).not.toContain("Go to the last page");
    } finally {
      empty.close();
    }
  });

  test("a catalogue that fits one page shows no pager and no 'Showing' line", async () => {
    const small = await createTestShop();
    try {
      addCategory(small.db, { id: "basic", name: "Basic" });
      for (let index = 0; index < CATALOGUE_PAGE_SIZE; index++) addProduct(small.db, { id: `p${index}`, category_id: "basic" });
      const main = mainOf((await small.html("/products")).body);
      expect(cardIds(main).length).toBe(CATALOGUE_PAGE_SIZE);
      expect(main).not.toContain('class="pager"');
      expect(main).not.toContain("Showing");
    } finally {
      small.close();
    }
  });
});
