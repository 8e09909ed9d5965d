import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { addCategory, addProduct, addProject, setConfig } from "../support/factories";
import { firstMatch, mainOf, metaDescriptionOf, textOf, titleOf } from "../support/html";
import { createTestShop, type TestShop } from "../support/test-app";

const LONG_DESCRIPTION =
  "A six-sided planter printed in weatherproof PETG, with a hidden drainage tray and a lip that holds water " +
  "for a week. Stacks with its siblings into a honeycomb wall for herbs and succulents.";

function seedCatalogue(shop: TestShop) {
  // Sorts deliberately disagree with the catalogue's group order (docs/product.md#catalogue): basic must still come first.
  addCategory(shop.db, { id: "personalised", name: "Personalised", sort: 1 });
  addCategory(shop.db, { id: "basic", name: "Basic", sort: 2 });
  addProduct(shop.db, {
    id: "hexagon-planter",
    name: "Hexagon Planter",
    description: LONG_DESCRIPTION,
    price_cents: 1200,
    stock: 2,
    category_id: "basic",
  });
  addProduct(shop.db, {
    id: "cable-tidy",
    name: "Cable Tidy",
    description: "Keeps desk cables tidy.",
    price_cents: 450,
    stock: 0,
    category_id: "basic",
  });
  addProduct(shop.db, {
    id: "relief-map",
    name: "Route Relief Map",
    description: "Your route as a 3D landscape.",
    price_cents: 2500,
    requires_gpx: true,
    category_id: "personalised",
    variants: [
      { id: "relief-map-base", name: "A5", price_cents: 2500 },
      { id: "relief-map-a4", name: "A4", price_cents: 3500 },
    ],
  });
  addProduct(shop.db, { id: "mystery-print", name: "Mystery Print", description: "A surprise.", price_cents: 999 });
  addProduct(shop.db, { id: "sneaky", name: "Sneaky Print", description: "Nice</script><script>alert(1)</script>" });
  addProduct(shop.db, {
    id: "lamp",
    name: "Lithophane Lamp",
    images: ["/media/lamp-front.webp", "https://cdn.example.com/lamp-side.jpg"],
  });
}

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("The page has no JSON-LD script");
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe("catalogue and product pages", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
    seedCatalogue(shop);
  });
  afterAll(() => shop.close());

  test("pages answer text/html; charset=utf-8 and begin with <!DOCTYPE html>", async () => {
    for (const path of ["/", "/products", "/products/hexagon-planter", "/basket", "/policies", "/nope"]) {
      const { body, response } = await shop.html(path);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(body).toStartWith("<!DOCTYPE html>");
    }
  });

  describe("/products", () => {
    test("shows every product's name and its price formatted in pounds", async () => {
      const { status, body } = await shop.html("/products");
      const text = textOf(mainOf(body));
      expect(status).toBe(200);
      for (const name of ["Hexagon Planter", "Cable Tidy", "Route Relief Map", "Mystery Print"]) {
        expect(text).toContain(name);
      }
      expect(text).toContain("£12.00");
      expect(text).toContain("£4.50");
      expect(text).toContain("£9.99");
    });

    test("a product with several variants is priced 'From £' its cheapest variant", async () => {
      const text = textOf(mainOf((await shop.html("/products")).body));
      expect(text).toContain("From £25.00");
    });

    test("groups read basic, then personalised, then uncategorised", async () => {
      const main = mainOf((await shop.html("/products")).body);
      const basic = main.indexOf("Hexagon Planter");
      const personalised = main.indexOf("Route Relief Map");
      const uncategorised = main.indexOf("Mystery Print");
      expect(basic).toBeGreaterThan(-1);
      expect(basic).toBeLessThan(personalised);
      expect(personalised).toBeLessThan(uncategorised);
    });

    test("shows the headings 'Basic' and 'Personalised' and none for uncategorised products", async () => {
      const main = mainOf((await shop.html("/products")).body);
      const headings = [...main.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((match) => textOf(match[1] ?? ""));
      expect(headings).toEqual(["Basic", "Personalised"]);
    });

    test("?cat=basic shows only the basic products", async () => {
      const { status, body } = await shop.html("/products?cat=basic");
      const text = textOf(mainOf(body));
      expect(status).toBe(200);
      expect(text).toContain("Hexagon Planter");
      expect(text).toContain("Cable Tidy");
      expect(text).not.toContain("Route Relief Map");
      expect(text).not.toContain("Mystery Print");
    });

    test("?cat=unknown answers 404 with a link back to /products", async () => {
      const { status, body } = await shop.html("/products?cat=unknown");
      const main = mainOf(body);
      expect(status).toBe(404);
      expect(main).toMatch(/<a [^>]*href="\/products"[^>]*>See all products<\/a>/);
      expect(textOf(main)).not.toContain("Hexagon Planter");
    });
  });

  describe("/products when the catalogue cannot be read", () => {
    // A real failing database: the products table is not where the shop reads it (a hand-made change
    // to the file, say); the header's categories still read, so only the catalogue fails.
    async function withUnreadableCatalogue(check: (broken: TestShop) => Promise<void>) {
      const broken = await createTestShop();
      try {
        seedCatalogue(broken);
        broken.db.exec("ALTER TABLE products RENAME TO products_elsewhere");
        await check(broken);
      } finally {
        broken.close();
      }
    }

    for (const path of ["/products", "/products?cat=basic"]) {
      test(`${path} answers 500 with 'Failed to load products' where the products would be, in the shop's layout`, async () => {
        await withUnreadableCatalogue(async (broken) => {
          const { status, body, response } = await broken.html(path);
          expect(status).toBe(500);
          expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
          const main = mainOf(body);
          expect(main).toMatch(/<div class="empty-state" role="alert"><h2>Failed to load products<\/h2>/);
          expect(textOf(main)).toContain("Failed to load products Please try again in a moment.");
          expect(textOf(main)).not.toContain("Something went wrong");
          // The header's categories are still there to browse by.
          expect(body).toContain("Personalised");
        });
      });
    }

    test("the failed answer is not kept: once the catalogue reads again, the products show", async () => {
      await withUnreadableCatalogue(async (broken) => {
        expect((await broken.html("/products")).status).toBe(500);
        broken.db.exec("ALTER TABLE products_elsewhere RENAME TO products");
        const { status, body } = await broken.html("/products");
        expect(status).toBe(200);
        expect(textOf(mainOf(body))).toContain("Hexagon Planter");
        expect(textOf(mainOf(body))).not.toContain("Failed to load products");
      });
    });
  });

  describe("/products/{id}", () => {
    test("shows the name, description and price", async () => {
      const { status, body } = await shop.html("/products/hexagon-planter");
      const text = textOf(mainOf(body));
      expect(status).toBe(200);
      expect(mainOf(body)).toMatch(/<h1>Hexagon Planter<\/h1>/);
      expect(text).toContain(LONG_DESCRIPTION);
      expect(text).toContain("£12.00");
    });

    test("stock 2 reads 'Only 2 left'", async () => {
      expect(textOf(mainOf((await shop.html("/products/hexagon-planter")).body))).toContain("Only 2 left");
    });

    test("stock 0 reads 'Out of stock'", async () => {
      expect(textOf(mainOf((await shop.html("/products/cable-tidy")).body))).toContain("Out of stock");
    });

    test("has a canonical link and og:title for sharing", async () => {
      const { body } = await shop.html("/products/hexagon-planter");
      expect(body).toContain('<link rel="canonical" href="http://shop.test/products/hexagon-planter"/>');
      expect(body).toContain('<meta property="og:title" content="Hexagon Planter · Strata"/>');
    });

    test("carries JSON-LD of @type Product priced in GBP and InStock when in stock", async () => {
      const jsonLd = jsonLdOf((await shop.html("/products/hexagon-planter")).body);
      expect(jsonLd["@type"]).toBe("Product");
      expect(jsonLd.name).toBe("Hexagon Planter");
      expect(jsonLd.offers).toMatchObject({
        "@type": "Offer",
        price: "12.00",
        priceCurrency: "GBP",
        availability: "https://schema.org/InStock",
      });
    });

    test("JSON-LD says OutOfStock when stock is 0", async () => {
      const jsonLd = jsonLdOf((await shop.html("/products/cable-tidy")).body);
      expect(jsonLd.offers).toMatchObject({ priceCurrency: "GBP", availability: "https://schema.org/OutOfStock" });
    });

    test("JSON-LD image URLs are absolute, whether stored as a /media path or as a full URL", async () => {
      const { body } = await shop.html("/products/lamp");
      // og:image is the picture's 1200 × 630 JPEG sharing copy (docs/product.md#link-previews-and-search;
      // tests/api/sharing-images.test.ts).
      expect(body).toContain('<meta property="og:image" content="http://shop.test/media/lamp-front.share.jpg"/>');
      expect(jsonLdOf(body).image).toEqual(["http://shop.test/media/lamp-front.webp", "https://cdn.example.com/lamp-side.jpg"]);
    });

    test("a description holding </script> cannot break out of the JSON-LD script", async () => {
      const { body } = await shop.html("/products/sneaky");
      expect(body).not.toContain("<script>alert(1)</script>");
      expect(jsonLdOf(body).description).toBe("Nice</script><script>alert(1)</script>");
    });

    test("an unknown product answers 404 with 'Unable to load product'", async () => {
      const { status, body } = await shop.html("/products/no-such-thing");
      expect(status).toBe(404);
      expect(textOf(mainOf(body))).toContain("Unable to load product");
    });

    test("a malformed product id answers the same 404 page, never a 500", async () => {
      const { status, body } = await shop.html("/products/bad%20id");
      expect(status).toBe(404);
      expect(textOf(mainOf(body))).toContain("Unable to load product");
    });
  });

  test("an unknown path answers 404 'Page not found'", async () => {
    const { status, body } = await shop.html("/no/such/page");
    expect(status).toBe(404);
    expect(mainOf(body)).toMatch(/<h1>Page not found<\/h1>/);
  });

  test("every page has its own <title> and a meta description", async () => {
    const paths = [
      "/",
      "/products",
      "/products?cat=basic",
      "/products/hexagon-planter",
      "/products/cable-tidy",
      "/products/no-such-thing",
      "/basket",
      "/custom-request",
      "/success",
      "/order/ORD-20250101-ABCD",
      "/policies",
      "/contact",
      "/admin",
      "/no/such/page",
    ];
    const titles: string[] = [];
    for (const path of paths) {
      const { body } = await shop.html(path);
      expect(body.match(/<title>/g) ?? []).toHaveLength(1);
      expect(metaDescriptionOf(body)?.trim() ?? "").not.toBe("");
      titles.push(titleOf(body) ?? "");
    }
    const repeated = titles.filter((title, index) => titles.indexOf(title) !== index);
    expect(repeated).toEqual([]);
  });
});

describe("home page", () => {
  let shop: TestShop;
  beforeEach(async () => {
    shop = await createTestShop();
    seedCatalogue(shop);
  });
  afterEach(() => shop.close());

  test("shows the featured products, each linking to its page, with descriptions cut at 150 characters + '…'", async () => {
    setConfig(shop.db, "featured_products", '["hexagon-planter","relief-map"]');
    const main = mainOf((await shop.html("/")).body);
    const text = textOf(main);
    expect(main).toContain('href="/products/hexagon-planter"');
    expect(main).toContain('href="/products/relief-map"');
    expect(text).toContain(`${LONG_DESCRIPTION.slice(0, 150)}…`);
    expect(text).not.toContain(LONG_DESCRIPTION);
    expect(text).not.toContain("Household");
  });

  test("featured ids whose product no longer exists are skipped", async () => {
    setConfig(shop.db, "featured_products", '["deleted-product","relief-map"]');
    const main = mainOf((await shop.html("/")).body);
    expect(main).toContain('href="/products/relief-map"');
    expect(main).not.toContain("deleted-product");
  });

  test("with no featured products shows the three static cards Garden, Household and Sport", async () => {
    const main = mainOf((await shop.html("/")).body);
    const cards = [...main.matchAll(/<h3>([^<]*)<\/h3>/g)].map((match) => match[1]);
    expect(cards).toEqual(expect.arrayContaining(["Garden", "Household", "Sport"]));
    expect(textOf(main)).not.toContain("Hexagon Planter");
  });

  test("shows 'What We Offer'", async () => {
    expect(mainOf((await shop.html("/")).body)).toMatch(/<h2[^>]*>What We Offer<\/h2>/);
  });

  test("with no projects says 'Fresh prints are in the works'", async () => {
    expect(textOf(mainOf((await shop.html("/")).body))).toContain("Fresh prints are in the works");
  });

  test("with a project shows it instead of the empty message", async () => {
    addProject(shop.db, { id: "fells", title: "Lakeland fells map" });
    const text = textOf(mainOf((await shop.html("/")).body));
    expect(text).toContain("Lakeland fells map");
    expect(text).not.toContain("Fresh prints are in the works");
  });

  test("a free delivery threshold of 5000 shows 'Free delivery on orders over £50' in the layout", async () => {
    setConfig(shop.db, "free_delivery_threshold", "5000");
    for (const path of ["/", "/products", "/contact"]) {
      expect(textOf((await shop.html(path)).body)).toContain("Free delivery on orders over £50");
    }
  });

  test("with the threshold at 0 no free delivery banner is shown", async () => {
    setConfig(shop.db, "free_delivery_threshold", "0");
    expect(textOf((await shop.html("/")).body)).not.toContain("Free delivery on orders over");
  });

  test("a hero description stored escaped by an earlier version ('R&amp;D', '&lt;script>') shows as typed, not as '&amp;'", async () => {
    setConfig(shop.db, "hero_description", "R&amp;D &amp;copy; &lt;script>x&lt;/script> <strong>bold</strong> Fish & chips");
    const hero = firstMatch(mainOf((await shop.html("/")).body), /<p class="hero__description">([\s\S]*?)<\/p>/);
    expect(hero).toBe("R&amp;D &amp;copy; &lt;script&gt;x&lt;/script&gt; <strong>bold</strong> Fish &amp; chips");
    expect(textOf(hero!)).toBe("R&D &copy; <script>x</script> bold Fish & chips");
  });

  test("the hero description keeps <strong> but shows a <script> as text", async () => {
    setConfig(shop.db, "hero_description", "New <strong>relief maps</strong><script>alert('hi')</script>");
    const main = mainOf((await shop.html("/")).body);
    expect(main).toContain("<strong>relief maps</strong>");
    expect(main).toContain("&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt;");
    expect(main).not.toContain("<script>alert");
  });
});

describe("information pages", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  test("/policies states 14-day returns, custom prints non-refundable unless faulty, and UK shipping calculated at checkout", async () => {
    const { status, body } = await shop.html("/policies");
    const text = textOf(mainOf(body));
    expect(status).toBe(200);
    expect(text).toContain("unused stock items within 14 days");
    expect(text).toContain("original packaging");
    expect(text).toContain("non-refundable unless faulty");
    expect(text).toContain("UK shipping is calculated at checkout");
  });

  test("/contact promises a reply within 1 business day", async () => {
    const { status, body } = await shop.html("/contact");
    expect(status).toBe(200);
    expect(textOf(mainOf(body))).toContain("reply within 1 business day");
  });

  test("/success without session_id says no session was provided", async () => {
    const { status, body } = await shop.html("/success");
    expect(status).toBe(200);
    expect(textOf(mainOf(body))).toContain("No session was provided. If you completed checkout, check your email.");
  });

  test("/success with a session_id shows 'Processing Order...' while the order is confirmed", async () => {
    const text = textOf(mainOf((await shop.html("/success?session_id=cs_test_abc")).body));
    expect(text).toContain("Processing Order...");
    expect(text).not.toContain("No session was provided");
  });

  test("/basket?success=1 answers 200 with the payment success banner", async () => {
    const { status, body } = await shop.html("/basket?success=1");
    expect(status).toBe(200);
    expect(textOf(mainOf(body))).toContain("your payment went through");
  });

  test("/basket?canceled=1 answers 200 with the cancelled banner", async () => {
    const { status, body } = await shop.html("/basket?canceled=1");
    expect(status).toBe(200);
    expect(textOf(mainOf(body))).toContain("Checkout was cancelled.");
  });

  test("/basket alone shows neither banner", async () => {
    const text = textOf(mainOf((await shop.html("/basket")).body));
    expect(text).not.toContain("your payment went through");
    expect(text).not.toContain("Checkout was cancelled.");
  });
});
