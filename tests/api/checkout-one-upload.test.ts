import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  ageCheckouts,
  confirmCheckout,
  payDemo,
  postCheckout,
  serveShoppers,
  sessionIdOf,
  shopperAddress,
  stockOf,
} from "../support/checkout";
import { addProduct, BIRD_FEEDER, RELIEF_MAP } from "../support/factories";
import { countRows, createTestShop, type TestShop } from "../support/test-app";

/** Real concurrency on a shared machine: a test here may wait its turn for the CPU (the suite runs beside stress-ng). */
const SLOW_TEST_MS = 30_000;

// One upload, one order (decision 0025): a GPX route or photo is printed for
// the one order that names it, so a token another open checkout or a paid
// order already names is refused with 409, and nothing is stored or held.
// The shopper's own replaced checkout never blocks them.

const BASKET_A = "basket-a-6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
const BASKET_B = "basket-b-7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d";
const IN_CHECKOUT = {
  gpx: 'The GPX file for "Relief map" is already in another checkout waiting for payment. Pay for or cancel that checkout, or upload the file again on the product page.',
  image:
    'The photo for "Lithophane" is already in another checkout waiting for payment. Pay for or cancel that checkout, or upload the file again on the product page.',
};
const IN_ORDER = {
  gpx: 'The GPX file for "Relief map" is already in a paid order, and each file is printed for one order. Upload it again on the product page to order another.',
  image:
    'The photo for "Lithophane" is already in a paid order, and each file is printed for one order. Upload it again on the product page to order another.',
};

let shop: TestShop;

beforeEach(async () => {
  // TRUST_PROXY: the race plays the proxy, one address per shopper (serveShoppers).
  shop = await createTestShop({ OWNER_EMAIL: "owner@strata.test", TRUST_PROXY: "true" });
  addProduct(shop.db, BIRD_FEEDER);
  addProduct(shop.db, RELIEF_MAP);
  addProduct(shop.db, { id: "lamp", name: "Lithophane", price_cents: 3400, requires_image: true });
  addUpload("route-token-1", "gpx", RELIEF_MAP.id);
  addUpload("photo-token-1", "image", "lamp");
}, SLOW_TEST_MS);
afterEach(() => shop.close());

function addUpload(token: string, kind: "gpx" | "image", productId: string) {
  shop.db
    .query(
      "INSERT INTO uploads (token, kind, product_id, original_name, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, ?, ?, 10)",
    )
    .run(token, kind, productId, `${token}.${kind === "gpx" ? "gpx" : "jpg"}`, `${token}-stored`, "application/octet-stream");
}

const LINE = {
  gpx: { id: RELIEF_MAP.id, productName: "Relief map", gpxToken: "route-token-1" },
  image: { id: "lamp", productName: "Lithophane", imageToken: "photo-token-1" },
};

/** What a refused checkout must leave as it was: the rows and stock of the one before it. */
function snapshot() {
  return {
    checkouts: countRows(shop.db, "checkouts"),
    lines: countRows(shop.db, "checkout_lines"),
    sessions: countRows(shop.db, "demo_payment_sessions"),
    orders: countRows(shop.db, "orders"),
    held: shop.db.query<{ n: number }, []>("SELECT COUNT(*) AS n FROM checkouts WHERE hold = 'held'").get()?.n,
    feeder: stockOf(shop.db, BIRD_FEEDER.id),
  };
}

for (const kind of ["gpx", "image"] as const) {
  const what = kind === "gpx" ? "A GPX route" : "A photo";
  describe(`${what} token already named elsewhere is refused with 409`, () => {
    test(
      `${what} in another basket's open checkout: 409, the message, nothing stored or held`,
      async () => {
        expect((await postCheckout(shop, [LINE[kind]], { "Basket-Id": BASKET_A })).status).toBe(200);
        const before = snapshot();
        const answer = await postCheckout(shop, [LINE[kind], { id: BIRD_FEEDER.id }], { "Basket-Id": BASKET_B });
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({ error: IN_CHECKOUT[kind] });
        expect(snapshot()).toEqual(before);
      },
      SLOW_TEST_MS,
    );

    test(
      `${what} in a checkout without a basket id: 409 for the next checkout without one too`,
      async () => {
        expect((await postCheckout(shop, [LINE[kind]])).status).toBe(200);
        const before = snapshot();
        const answer = await postCheckout(shop, [LINE[kind]]);
        expect(answer).toMatchObject({ status: 409, body: { error: IN_CHECKOUT[kind] } });
        expect(snapshot()).toEqual(before);
      },
      SLOW_TEST_MS,
    );

    test(
      `${what} in a paid order: 409, the message, nothing stored or held`,
      async () => {
        const paid = await postCheckout(shop, [LINE[kind]], { "Basket-Id": BASKET_A });
        const sessionId = sessionIdOf(paid.body.url ?? "");
        expect((await payDemo(shop, sessionId)).status).toBe(303);
        expect((await confirmCheckout(shop, sessionId)).status).toBe(200);
        const before = snapshot();
        // Even from the basket that paid for it: buying again is a new order, which needs its own file.
        const answer = await postCheckout(shop, [LINE[kind], { id: BIRD_FEEDER.id }], { "Basket-Id": BASKET_A });
        expect(answer.status).toBe(409);
        expect(answer.body).toEqual({ error: IN_ORDER[kind] });
        expect(snapshot()).toEqual(before);
      },
      SLOW_TEST_MS,
    );
  });
}

describe("the same upload checked out again", () => {
  test(
    "by the same basket, back from the payment page with a changed basket: accepted, and its older checkout released",
    async () => {
      const first = await postCheckout(shop, [LINE.gpx, { id: BIRD_FEEDER.id }], { "Basket-Id": BASKET_A });
      expect(first.status).toBe(200);
      const again = await postCheckout(shop, [LINE.gpx], { "Basket-Id": BASKET_A });
      expect(again.status).toBe(200);
      const holds = shop.db.query<{ hold: string }, []>("SELECT hold FROM checkouts ORDER BY created_at, rowid").all();
      expect(holds.map((row) => row.hold)).toEqual(["released", "held"]);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(5);
    },
    SLOW_TEST_MS,
  );

  test(
    "after its checkout expired unpaid: accepted",
    async () => {
      expect((await postCheckout(shop, [LINE.image], { "Basket-Id": BASKET_A })).status).toBe(200);
      ageCheckouts(shop.db);
      await shop.deps.checkout.sweep();
      expect((await postCheckout(shop, [LINE.image], { "Basket-Id": BASKET_B })).status).toBe(200);
    },
    SLOW_TEST_MS,
  );

  test(
    "twice in one basket, on two lines (two sizes of one route): 400, nothing stored",
    async () => {
      addProduct(shop.db, {
        id: "sized-map",
        name: "Sized map",
        price_cents: 3900,
        requires_gpx: true,
        variants: [
          { id: "sized-map-base", name: "A4", price_cents: 3900, stock: null },
          { id: "sized-map-a3", name: "A3", price_cents: 5900, stock: null },
        ],
      });
      addUpload("route-token-2", "gpx", "sized-map");
      const answer = await postCheckout(shop, [
        { id: "sized-map", variantId: "sized-map-base", gpxToken: "route-token-2" },
        { id: "sized-map", variantId: "sized-map-a3", gpxToken: "route-token-2" },
      ]);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'Each uploaded GPX file is for one "Sized map". Add another and upload a file for it.' });
      expect(countRows(shop.db, "checkouts")).toBe(0);
      expect(countRows(shop.db, "checkout_lines")).toBe(0);
    },
    SLOW_TEST_MS,
  );

  test(
    "by 20 shoppers at once: exactly one checkout names it, the rest 409 with the message",
    async () => {
      const shoppers = serveShoppers(shop);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) => shoppers.postCheckoutFrom(shopperAddress(n), [LINE.gpx, { id: BIRD_FEEDER.id }])),
      );
      shoppers.stop();
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      for (const answer of answers.filter((one) => one.status !== 200)) {
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 409, body: { error: IN_CHECKOUT.gpx } });
      }
      expect(countRows(shop.db, "checkouts")).toBe(1);
      expect(stockOf(shop.db, BIRD_FEEDER.id)).toBe(4);
    },
    SLOW_TEST_MS,
  );
});
