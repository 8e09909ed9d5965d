import { describe, expect, test } from "bun:test";
import {
  addItem,
  availabilityAlert,
  availabilityProblems,
  type BasketItem,
  type BasketMeta,
  maxQuantityFor,
  type ProductFacts,
  quoteDelivery,
  setQuantity,
} from "../../shared/basket";
import { formatPence } from "../../shared/money";
import { stockText } from "../../shared/stock";
import { preselectedVariantId, priceLabel } from "../../web/lib/product-view";
import { renderSimpleHtml } from "../../web/lib/simple-html";
import { truncate } from "../../web/lib/text";

function facts(overrides: Partial<ProductFacts> = {}): ProductFacts {
  return { id: "planter", name: "Hexagon Planter", stock: null, maxOnlineQty: null, variants: [], ...overrides };
}

function candidate(product: ProductFacts, meta: BasketMeta = {}, noStack = false): Omit<BasketItem, "key" | "quantity"> {
  return { id: product.id, name: product.name, price: 12, noStack, meta };
}

/** Adds one unit per call, failing the test if any add is refused. */
function addAll(product: ProductFacts, metas: BasketMeta[], noStack = false): BasketItem[] {
  let items: BasketItem[] = [];
  for (const meta of metas) {
    const outcome = addItem(items, candidate(product, meta, noStack), product);
    if (!outcome.ok) throw new Error(`add of ${JSON.stringify(meta)} was refused`);
    items = outcome.items;
  }
  return items;
}

function line(id: string, name: string, quantity: number, meta: BasketMeta = {}): BasketItem {
  return { key: `${id}|${meta.variantId ?? ""}|${quantity}`, id, name, price: 10, quantity, noStack: false, meta };
}

describe("stockText: what a shopper is told about stock", () => {
  test("1 to 3 in stock reads 'Only N left'", () => {
    expect([1, 2, 3].map(stockText)).toEqual(["Only 1 left", "Only 2 left", "Only 3 left"]);
  });

  test("0 or below reads 'Out of stock'", () => {
    expect(stockText(0)).toBe("Out of stock");
    expect(stockText(-2)).toBe("Out of stock");
  });

  test("more than 3 reads 'In stock'", () => {
    expect(stockText(4)).toBe("In stock");
  });

  test("unlimited (null) stock reads 'Made to order'", () => {
    expect(stockText(null)).toBe("Made to order");
  });
});

describe("addItem: basket quantity limits", () => {
  test("adding the same product twice makes one line of quantity 2", () => {
    const items = addAll(facts(), [{}, {}]);
    expect(items.map((item) => item.quantity)).toEqual([2]);
  });

  test("maxOnlineQty counts across all lines of the product: a third unit over two variants is refused", () => {
    const product = facts({
      maxOnlineQty: 2,
      variants: [
        { id: "planter-small", stock: null },
        { id: "planter-large", stock: null },
      ],
    });
    const items = addAll(product, [{ variantId: "planter-small" }, { variantId: "planter-large" }]);
    expect(items).toHaveLength(2);
    expect(addItem(items, candidate(product, { variantId: "planter-small" }), product)).toEqual({
      ok: false,
      reason: "limit",
    });
    expect(addItem(items, candidate(product, { variantId: "planter-large" }), product)).toEqual({
      ok: false,
      reason: "limit",
    });
  });

  test("product stock caps the basket even when maxOnlineQty is higher", () => {
    const product = facts({ stock: 2, maxOnlineQty: 5 });
    const items = addAll(product, [{}, {}]);
    expect(addItem(items, candidate(product), product)).toEqual({ ok: false, reason: "limit" });
  });

  test("an out-of-stock product cannot be added at all", () => {
    const product = facts({ stock: 0 });
    expect(addItem([], candidate(product), product)).toEqual({ ok: false, reason: "limit" });
  });

  test("a variant's own stock is enforced while its sibling variant can still be added", () => {
    const product = facts({
      variants: [
        { id: "planter-small", stock: 1 },
        { id: "planter-large", stock: null },
      ],
    });
    const items = addAll(product, [{ variantId: "planter-small" }]);
    expect(addItem(items, candidate(product, { variantId: "planter-small" }), product)).toEqual({
      ok: false,
      reason: "limit",
    });
    const outcome = addItem(items, candidate(product, { variantId: "planter-large" }), product);
    expect(outcome.ok).toBe(true);
  });

  test("noStack lines never merge: two adds make two lines of quantity 1 with different keys", () => {
    const items = addAll(facts(), [{}, {}], true);
    expect(items.map((item) => item.quantity)).toEqual([1, 1]);
    expect(new Set(items.map((item) => item.key)).size).toBe(2);
  });

  test("lines carrying a GPX upload are one unit each and never merge", () => {
    const items = addAll(facts({ id: "relief-map", name: "Route Relief Map" }), [
      { gpxToken: "gpx-a", gpxName: "fells.gpx" },
      { gpxToken: "gpx-b", gpxName: "coast.gpx" },
    ]);
    expect(items.map((item) => [item.meta.gpxToken, item.quantity])).toEqual([
      ["gpx-a", 1],
      ["gpx-b", 1],
    ]);
  });

  test("adding the same image upload twice still makes two separate single-unit lines", () => {
    const items = addAll(facts({ id: "lithophane", name: "Lithophane" }), [{ imageToken: "img-a" }, { imageToken: "img-a" }]);
    expect(items.map((item) => item.quantity)).toEqual([1, 1]);
    expect(new Set(items.map((item) => item.key)).size).toBe(2);
  });
});

describe("setQuantity", () => {
  test("a quantity below 1 becomes 1", () => {
    const product = facts();
    const items = addAll(product, [{}, {}]);
    const key = items[0]?.key ?? "";
    expect(setQuantity(items, key, 0, product)[0]?.quantity).toBe(1);
    expect(setQuantity(items, key, -4, product)[0]?.quantity).toBe(1);
  });

  test("a quantity above product stock is clamped to the stock", () => {
    const product = facts({ stock: 3 });
    const items = addAll(product, [{}]);
    expect(setQuantity(items, items[0]?.key ?? "", 10, product)[0]?.quantity).toBe(3);
  });

  test("maxOnlineQty left over by the product's other lines is the most a line can take", () => {
    const product = facts({
      maxOnlineQty: 4,
      variants: [
        { id: "planter-small", stock: null },
        { id: "planter-large", stock: null },
      ],
    });
    const items = addAll(product, [{ variantId: "planter-small" }, { variantId: "planter-large" }]);
    const updated = setQuantity(items, items[0]?.key ?? "", 10, product);
    expect(updated.map((item) => item.quantity)).toEqual([3, 1]);
  });

  test("a line with an upload stays at quantity 1 whatever is asked", () => {
    const product = facts({ id: "relief-map" });
    const items = addAll(product, [{ gpxToken: "gpx-a" }]);
    expect(setQuantity(items, items[0]?.key ?? "", 5, product)[0]?.quantity).toBe(1);
  });

  test("a quantity within the limits is kept as asked", () => {
    const product = facts({ stock: 10 });
    const items = addAll(product, [{}]);
    expect(setQuantity(items, items[0]?.key ?? "", 4, product)[0]?.quantity).toBe(4);
  });
});

describe("quoteDelivery: the flat fee and the free-delivery threshold", () => {
  test("a non-empty basket pays the flat fee when free delivery is off (threshold 0)", () => {
    expect(quoteDelivery(100_000, 500, 0)).toEqual({ subtotal: 100_000, delivery: 500, total: 100_500, toFreeDelivery: null });
  });

  test("below the threshold the fee applies and the amount still to add is given", () => {
    expect(quoteDelivery(3_500, 500, 5_000)).toEqual({ subtotal: 3_500, delivery: 500, total: 4_000, toFreeDelivery: 1_500 });
  });

  test("delivery is free exactly at the threshold", () => {
    expect(quoteDelivery(5_000, 500, 5_000)).toEqual({ subtotal: 5_000, delivery: 0, total: 5_000, toFreeDelivery: null });
  });

  test("delivery is free above the threshold", () => {
    expect(quoteDelivery(7_250, 500, 5_000)).toEqual({ subtotal: 7_250, delivery: 0, total: 7_250, toFreeDelivery: null });
  });

  test("an empty basket has no delivery fee", () => {
    const quote = quoteDelivery(0, 500, 0);
    expect(quote.delivery).toBe(0);
    expect(quote.total).toBe(0);
  });
});

describe("availabilityProblems and availabilityAlert (checkout re-check)", () => {
  test("two lines of 3 for a product with stock 5 are reported as requested 6, available 5", () => {
    const catalogue = [
      facts({
        stock: 5,
        variants: [
          { id: "planter-small", stock: null },
          { id: "planter-large", stock: null },
        ],
      }),
    ];
    const basket = [
      line("planter", "Hexagon Planter", 3, { variantId: "planter-small" }),
      line("planter", "Hexagon Planter", 3, { variantId: "planter-large" }),
    ];
    const problems = availabilityProblems(basket, catalogue);
    expect(availabilityAlert(problems)).toBe("Some items exceed current availability:\nHexagon Planter: requested 6, available 5");
  });

  test("a product gone from the catalogue is reported with available 0", () => {
    const problems = availabilityProblems([line("old-lamp", "Old Lamp", 2)], [facts()]);
    expect(availabilityAlert(problems)).toBe("Some items exceed current availability:\nOld Lamp: requested 2, available 0");
  });

  test("a basket within every limit has no problems", () => {
    const basket = [line("planter", "Hexagon Planter", 2)];
    expect(availabilityProblems(basket, [facts({ stock: 2 })])).toEqual([]);
  });
});

describe("product-view", () => {
  const variant = (id: string, price_cents: number) => ({ id, name: id, price_cents, stock: null, sort_order: 0 });

  test("priceLabel reads 'From' the cheapest variant when there is more than one", () => {
    expect(priceLabel({ unitAmount: 999, variants: [variant("a4", 3500), variant("a5", 2500)] })).toBe("From £25.00");
  });

  test("priceLabel shows a single variant's price with no 'From'", () => {
    expect(priceLabel({ unitAmount: 999, variants: [variant("a4", 3500)] })).toBe("£35.00");
  });

  test("priceLabel shows the product price when there are no variants", () => {
    expect(priceLabel({ unitAmount: 1200, variants: [] })).toBe("£12.00");
  });

  test("the '-base' variant is preselected among several", () => {
    expect(preselectedVariantId([variant("map-a4", 3500), variant("map-base", 2500), variant("map-a3", 4500)])).toBe("map-base");
  });

  test("a single variant is selected automatically", () => {
    expect(preselectedVariantId([variant("map-a4", 3500)])).toBe("map-a4");
  });

  test("several variants with no '-base' one, or none at all, preselect nothing", () => {
    expect(preselectedVariantId([variant("map-a4", 3500), variant("map-a3", 4500)])).toBeNull();
    expect(preselectedVariantId([])).toBeNull();
  });
});

describe("formatPence (en-GB)", () => {
  test("formats pence as pounds with separators", () => {
    expect(formatPence(123_450)).toBe("£1,234.50");
    expect(formatPence(1_200)).toBe("£12.00");
    expect(formatPence(0)).toBe("£0.00");
  });

  test("dropZeroPence drops '.00' only on whole pounds", () => {
    expect(formatPence(5_000, { dropZeroPence: true })).toBe("£50");
    expect(formatPence(5_050, { dropZeroPence: true })).toBe("£50.50");
  });
});

describe("truncate", () => {
  const sentence = "Planters that shrug off British weather. ".repeat(5); // 205 characters

  test("text longer than 150 characters is cut at exactly 150 and ends with '…'", () => {
    const cut = truncate(sentence, 150);
    expect(sentence.charAt(149)).not.toBe(" ");
    expect(cut).toBe(`${sentence.slice(0, 150)}…`);
    expect(cut).toHaveLength(151);
  });

  test("text of exactly 150 characters is left whole", () => {
    const exact = "x".repeat(150);
    expect(truncate(exact, 150)).toBe(exact);
  });
});

describe("renderSimpleHtml (hero description)", () => {
  test("bare <strong>, <em> and <br> are kept", () => {
    expect(renderSimpleHtml("Fresh <strong>maps</strong> and <em>lithophanes</em><br>every week<br/>")).toBe(
      "Fresh <strong>maps</strong> and <em>lithophanes</em><br>every week<br>",
    );
  });

  test("a <script> is shown as text, never run", () => {
    expect(renderSimpleHtml("<script>alert(1)</script>")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  test("an <img onerror=...> is shown as text", () => {
    expect(renderSimpleHtml("<img src=x onerror=alert(1)>")).toBe("&lt;img src=x onerror=alert(1)&gt;");
  });

  test("a <strong> carrying an onclick attribute loses its tag", () => {
    const html = renderSimpleHtml('<strong onclick="steal()">hi</strong>');
    expect(html).toBe("&lt;strong onclick=&quot;steal()&quot;&gt;hi</strong>");
    expect(html).not.toContain("<strong ");
  });

  test("a character reference is kept and a bare & is escaped, so each shows once: 'R&amp;D' and 'R&D' both as R&D", () => {
    expect(renderSimpleHtml("R&amp;D")).toBe("R&amp;D");
    expect(renderSimpleHtml("R&D")).toBe("R&amp;D");
    expect(renderSimpleHtml("&#60;&#x3C;&eacute; &amp &;")).toBe("&#60;&#x3C;&eacute; &amp;amp &amp;;");
  });

  test("an escaped tag stays text: '&lt;strong&gt;' and '&lt;script&gt;' never become tags", () => {
    expect(renderSimpleHtml("&lt;strong&gt;x&lt;/strong&gt;&lt;script&gt;")).toBe("&lt;strong&gt;x&lt;/strong&gt;&lt;script&gt;");
    expect(renderSimpleHtml("&lt;strong>x")).toBe("&lt;strong&gt;x");
  });

  test("bare <b> and <i> show as <strong> and <em>, as the sanitiser stores them", () => {
    expect(renderSimpleHtml("<b>x</b><I>y</I>")).toBe("<strong>x</strong><em>y</em>");
  });

  test("a javascript: link is shown as text", () => {
    expect(renderSimpleHtml('<a href="javascript:alert(1)">win</a>')).toBe("&lt;a href=&quot;javascript:alert(1)&quot;&gt;win&lt;/a&gt;");
  });
});

describe("without live stock facts", () => {
  test("a line's quantity can still be raised when the catalogue could not be loaded", () => {
    const items = [{ key: "k", id: "p", name: "P", price: 5, quantity: 2, noStack: false, meta: {} }];
    expect(maxQuantityFor(items, "k", undefined)).toBe(Number.POSITIVE_INFINITY);
    expect(setQuantity(items, "k", 7, undefined)[0]?.quantity).toBe(7);
  });

  test("an attachment line stays at 1 even without live stock facts", () => {
    const items = [{ key: "k", id: "p", name: "P", price: 5, quantity: 1, noStack: false, meta: { gpxToken: "t" } }];
    expect(maxQuantityFor(items, "k", undefined)).toBe(1);
    expect(setQuantity(items, "k", 3, undefined)[0]?.quantity).toBe(1);
  });
});
