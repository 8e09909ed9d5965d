import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { sanitiseHeroDescription } from "../../src/modules/admin-content/sanitise";
import { CONFIG_DEFAULTS } from "../../src/modules/content/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct } from "../support/factories";
import { firstMatch, mainOf, textOf } from "../support/html";

// The owner's projects (home carousel) and configuration: round trips through
// the admin calls and the public reads, every refusal word for word, and the
// hero description cleaned down to bare strong, em and br on the way in.

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, { id: "planter", name: "Planter" });
  addProduct(shop.db, { id: "relief-map", name: "Relief map" });
  addProduct(shop.db, { id: "lamp", name: "Lithophane lamp" });
  addProduct(shop.db, { id: "stand", name: "Headphone stand" });
});
afterEach(() => shop.close());

function post<T = Record<string, unknown>>(path: string, body: unknown) {
  return shop.call<T>(path, { method: "POST", body });
}

/** Everything these calls could touch, to prove a refused one changed nothing. */
function snapshot(): string {
  return JSON.stringify(["projects", "configuration"].map((table) => shop.db.query(`SELECT * FROM ${table} ORDER BY rowid`).all()));
}

const FELLS = {
  id: "fells",
  title: "Lakeland fells map",
  description: "Every fell Wainwright walked.",
  image_url: "/media/fells.jpg",
  link_url: "/products/route-relief-map",
  link_label: "Make your own",
  sort: 1,
};

describe("projects", () => {
  test("a saved project comes back from the admin list and the public list, sorted by sort then title", async () => {
    const saved = await post("/api/admin/projects", FELLS);
    expect(saved).toMatchObject({ status: 200, body: FELLS });
    await post("/api/admin/projects", {
      id: "lamp",
      title: "Lithophane lamp",
      description: "",
      image_url: "https://cdn.example.com/lamp.jpg",
      link_url: "",
      link_label: "",
      sort: 1,
    });
    await post("/api/admin/projects", { id: "bench", title: "Bench feet", sort: 0 });
    const admin = await shop.call<{ id: string }[]>("/api/admin/projects");
    expect(admin.status).toBe(200);
    expect(admin.body.map((project) => project.id)).toEqual(["bench", "fells", "lamp"]);
    expect((await shop.json("/api/projects")).body).toEqual(admin.body);
  });

  test("saving an existing id updates it instead of adding another", async () => {
    await post("/api/admin/projects", FELLS);
    const { body } = await post("/api/admin/projects", { ...FELLS, title: "Fells, second edition", link_url: null, link_label: null });
    expect(body).toEqual({ ...FELLS, title: "Fells, second edition", link_url: null, link_label: null });
    expect((await shop.call<unknown[]>("/api/admin/projects")).body).toHaveLength(1);
  });

  test("text is trimmed and a blank link URL, label or image is stored as null", async () => {
    const { body } = await post("/api/admin/projects", {
      id: "  fells ",
      title: " Fells ",
      description: " About ",
      image_url: " ",
      link_url: "  ",
      link_label: "",
      sort: 2,
    });
    expect(body).toEqual({ id: "fells", title: "Fells", description: "About", image_url: null, link_url: null, link_label: null, sort: 2 });
  });

  const sorts: [string, unknown, number][] = [
    ["a numeric string", "3", 3],
    ["a decimal", 2.7, 2],
    ["words", "first", 0],
    ["a negative number", -4, 0],
    ["nothing", undefined, 0],
    ["null", null, 0],
  ];
  for (const [what, sort, stored] of sorts) {
    test(`a sort given as ${what} is stored as ${stored}`, async () => {
      const { status, body } = await post("/api/admin/projects", { ...FELLS, sort });
      expect(status).toBe(200);
      expect(body.sort).toBe(stored);
    });
  }

  test("'R&D' and '<b>x</b>' saved in the admin show on the home page as R&D and a bold x: escaped once", async () => {
    const { status } = await post("/api/admin/configuration", { key: "hero_description", value: "R&D in <b>x</b>, <i>y</i> & 5 < 6" });
    expect(status).toBe(200);
    const hero = firstMatch(mainOf((await shop.html("/")).body), /<p class="hero__description">([\s\S]*?)<\/p>/);
    expect(hero).toBe("R&amp;D in <strong>x</strong>, <em>y</em> &amp; 5 &lt; 6");
    expect(textOf(hero!)).toBe("R&D in x , y & 5 < 6");
  });

  const refusals: [string, unknown, string][] = [
    ["no id", { ...FELLS, id: undefined }, "Provide an id and title before saving."],
    ["a blank id", { ...FELLS, id: "   " }, "Provide an id and title before saving."],
    ["a blank title", { ...FELLS, title: "" }, "Provide an id and title before saving."],
    ["no title", { id: "fells" }, "Provide an id and title before saving."],
    ["a body that is not an object", ["fells"], "Provide an id and title before saving."],
    ["an id over 64 characters", { ...FELLS, id: "x".repeat(65) }, "The project id must be at most 64 characters."],
    [
      "a javascript: link",
      { ...FELLS, link_url: "javascript:alert(1)" },
      "The link must be a path like /products or an http(s):// address.",
    ],
    [
      "a protocol-relative link",
      { ...FELLS, link_url: "//evil.example/x" },
      "The link must be a path like /products or an http(s):// address.",
    ],
    ["a relative link", { ...FELLS, link_url: "products" }, "The link must be a path like /products or an http(s):// address."],
    [
      "a data: image",
      { ...FELLS, image_url: "data:image/svg+xml,<svg/>" },
      "The image must be a path like /media/picture.jpg or an http(s):// address.",
    ],
    [
      "an image URL with a space",
      { ...FELLS, image_url: "/media/my fells.jpg" },
      "The image must be a path like /media/picture.jpg or an http(s):// address.",
    ],
    ["a link label over 100 characters", { ...FELLS, link_label: "x".repeat(101) }, "The link label must be at most 100 characters."],
  ];
  for (const [what, body, error] of refusals) {
    test(`${what} answers 400 '${error}' and stores nothing`, async () => {
      const before = snapshot();
      expect(await post("/api/admin/projects", body)).toMatchObject({ status: 400, body: { error } });
      expect(snapshot()).toBe(before);
    });
  }

  test("deleting a project answers { ok: true } and it is gone", async () => {
    await post("/api/admin/projects", FELLS);
    expect(await shop.call("/api/admin/projects/fells", { method: "DELETE" })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await shop.json("/api/projects")).body).toEqual([]);
  });

  test("deleting an unknown project answers 404 'Project not found.'", async () => {
    await post("/api/admin/projects", FELLS);
    const before = snapshot();
    expect(await shop.call("/api/admin/projects/nope", { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { error: "Project not found." },
    });
    expect(snapshot()).toBe(before);
  });
});

describe("configuration", () => {
  test("GET answers every key, with the defaults where nothing is stored", async () => {
    expect(await shop.call("/api/admin/configuration")).toMatchObject({ status: 200, body: CONFIG_DEFAULTS });
  });

  test("delivery fee and threshold round-trip in pence and reach the public delivery call", async () => {
    expect(await post("/api/admin/configuration", { key: "delivery_fee", value: "650" })).toMatchObject({
      status: 200,
      body: { key: "delivery_fee", value: "650" },
    });
    expect((await post("/api/admin/configuration", { key: "free_delivery_threshold", value: " 05000 " })).body).toEqual({
      key: "free_delivery_threshold",
      value: "5000",
    });
    expect((await post("/api/admin/configuration", { key: "delivery_fee", value: 0 })).body).toEqual({ key: "delivery_fee", value: "0" });
    expect((await shop.call("/api/admin/configuration")).body).toMatchObject({ delivery_fee: "0", free_delivery_threshold: "5000" });
    expect((await shop.json("/api/configuration/delivery-fee")).body).toEqual({ delivery_fee: "0", free_delivery_threshold: "5000" });
  });

  test("featured products are stored as a JSON array: trimmed, blanks dropped, first 3 kept", async () => {
    const { body } = await post("/api/admin/configuration", { key: "featured_products", value: " lamp, ,planter ,relief-map, stand" });
    expect(body).toEqual({ key: "featured_products", value: '["lamp","planter","relief-map"]' });
    expect((await shop.json("/api/configuration/featured-products")).body).toEqual({
      featured_products: ["lamp", "planter", "relief-map"],
    });
  });

  test("featured products may also be sent as a JSON array string, and an empty one clears them", async () => {
    expect((await post("/api/admin/configuration", { key: "featured_products", value: '["stand", " lamp "]' })).body).toEqual({
      key: "featured_products",
      value: '["stand","lamp"]',
    });
    expect((await post("/api/admin/configuration", { key: "featured_products", value: "" })).body).toEqual({
      key: "featured_products",
      value: "[]",
    });
  });

  test("hero links and button text round-trip and reach the public hero banner", async () => {
    const hero = {
      hero_image_url: "/media/hero.jpg",
      hero_cta_text: "Browse  the\nshop ",
      hero_cta_link: "https://strata.example/products",
    };
    for (const [key, value] of Object.entries(hero)) expect((await post("/api/admin/configuration", { key, value })).status).toBe(200);
    expect((await shop.json("/api/configuration/hero-banner")).body).toEqual({
      hero_description: "",
      hero_image_url: "/media/hero.jpg",
      hero_cta_text: "Browse the shop",
      hero_cta_link: "https://strata.example/products",
    });
  });

  test("a hero description full of attacks comes back as bare strong, em and br only, here and on the public hero banner", async () => {
    const attack = [
      "<script>alert(1)</script>",
      "<img src=x onerror=alert(1)>",
      '<a href="javascript:alert(1)">x</a>',
      '<strong onclick="x()">b</strong>',
      '<em style="color:red">i</em>',
      "<<script>script>alert(1)<</script>/script>",
      "<br/>Fish & chips",
      "<svg><strong>",
    ].join("");
    const { status, body } = await post("/api/admin/configuration", { key: "hero_description", value: attack });
    expect(status).toBe(200);
    const expected = "x<strong>b</strong><em>i</em>&lt;/script><br>Fish & chips<strong></strong>";
    expect(body).toEqual({ key: "hero_description", value: expected });
    expect((await shop.call<Record<string, string>>("/api/admin/configuration")).body.hero_description).toBe(expected);
    expect((await shop.json<Record<string, string>>("/api/configuration/hero-banner")).body.hero_description).toBe(expected);
    expect(sanitiseHeroDescription(expected)).toBe(expected);
  });

  const refusals: [string, unknown, string][] = [
    ["an unknown key", { key: "admin_password", value: "x" }, "Unknown configuration key."],
    ["no key", { value: "500" }, "Unknown configuration key."],
    ["no value", { key: "delivery_fee" }, "Send one setting as { key, value }, with the value as text."],
    ["a value that is a list", { key: "hero_cta_text", value: ["Shop"] }, "Send one setting as { key, value }, with the value as text."],
    ["a body that is not an object", "delivery_fee=500", "Send one setting as { key, value }, with the value as text."],
    ["a delivery fee in pounds", { key: "delivery_fee", value: "5.00" }, "Please enter a valid delivery fee amount"],
    ["a negative delivery fee", { key: "delivery_fee", value: "-1" }, "Please enter a valid delivery fee amount"],
    ["a delivery fee in words", { key: "delivery_fee", value: "five" }, "Please enter a valid delivery fee amount"],
    ["a blank delivery fee", { key: "delivery_fee", value: " " }, "Please enter a valid delivery fee amount"],
    ["an absurd delivery fee", { key: "delivery_fee", value: "1".repeat(30) }, "Please enter a valid delivery fee amount"],
    [
      "a negative free delivery threshold",
      { key: "free_delivery_threshold", value: -500 },
      "Please enter a valid free delivery threshold amount",
    ],
    [
      "a free delivery threshold in words",
      { key: "free_delivery_threshold", value: "lots" },
      "Please enter a valid free delivery threshold amount",
    ],
    [
      "featured ids that do not exist",
      { key: "featured_products", value: "planter, ghost, phantom" },
      "Featured products must be ids of existing products: ghost, phantom.",
    ],
    [
      "featured products as broken JSON",
      { key: "featured_products", value: '["planter"' },
      'Featured products must be a list of product ids, like ["planter", "relief-map"] or planter, relief-map.',
    ],
    [
      "featured products as a JSON list of numbers",
      { key: "featured_products", value: "[1, 2]" },
      'Featured products must be a list of product ids, like ["planter", "relief-map"] or planter, relief-map.',
    ],
    [
      "a javascript: hero image",
      { key: "hero_image_url", value: "javascript:alert(1)" },
      "The hero image must be a path like /media/hero.jpg or an http(s):// address.",
    ],
    [
      "a protocol-relative hero button link",
      { key: "hero_cta_link", value: "//evil.example" },
      "The button link must be a path like /products or an http(s):// address.",
    ],
    [
      "a hero button link without a scheme",
      { key: "hero_cta_link", value: "products" },
      "The button link must be a path like /products or an http(s):// address.",
    ],
    ["button text over 80 characters", { key: "hero_cta_text", value: "x".repeat(81) }, "The button text must be at most 80 characters."],
    ["button text with HTML", { key: "hero_cta_text", value: "<b>Shop</b>" }, "The button text must be plain text, without HTML tags."],
    [
      "a hero description over 5000 characters",
      { key: "hero_description", value: "x".repeat(5001) },
      "The hero description must be at most 5000 characters.",
    ],
  ];
  for (const [what, body, error] of refusals) {
    test(`${what} answers 400 '${error}' and stores nothing`, async () => {
      const before = snapshot();
      expect(await post("/api/admin/configuration", body)).toMatchObject({ status: 400, body: { error } });
      expect(snapshot()).toBe(before);
    });
  }
});

test("every call here needs the owner signed in", async () => {
  for (const path of ["/api/admin/projects", "/api/admin/configuration"]) expect((await shop.request(path)).status).toBe(401);
  const write = await shop.request("/api/admin/configuration", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ key: "delivery_fee", value: "0" }),
  });
  expect(write.status).toBe(401);
  expect(snapshot()).toBe(JSON.stringify([[], []]));
});
