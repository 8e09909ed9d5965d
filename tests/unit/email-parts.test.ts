import { describe, expect, test } from "bun:test";
import { addressText, itemText, orderUrl, shopUrl } from "../../src/emails/parts";
import type { OrderItem } from "../../src/modules/orders/model";

function item(meta: OrderItem["meta"]): OrderItem {
  return { product_id: "relief-map", product_name: "Route relief map", unit_price_cents: 3500, quantity: 2, meta };
}

describe("shopUrl", () => {
  test("joins PUBLIC_URL and a path with one slash, however many PUBLIC_URL ends in", () => {
    expect(shopUrl("https://shop.example", "/admin")).toBe("https://shop.example/admin");
    expect(shopUrl("https://shop.example//", "/admin/orders")).toBe("https://shop.example/admin/orders");
  });

  test("orderUrl encodes the order id", () => {
    expect(orderUrl("https://shop.example/", "ORD 1/2")).toBe("https://shop.example/order/ORD%201%2F2");
  });
});

describe("addressText", () => {
  test("puts the title first, then one address line a line", () => {
    expect(addressText("Ship to", ["Ada Lovelace", "Kendal"])).toEqual(["Ship to:", "Ada Lovelace", "Kendal"]);
  });

  test("says no address was given when there is none", () => {
    expect(addressText("Shipping to", [])).toEqual(["Shipping to:", "No address given"]);
  });
});

describe("itemText", () => {
  test("names the quantity first, then the product with its variant in brackets", () => {
    expect(itemText(item({ variantName: "A4 walnut frame" }))).toBe("2 × Route relief map (A4 walnut frame)");
  });

  test("leaves out a missing or blank variant", () => {
    expect(itemText(item({}))).toBe("2 × Route relief map");
    expect(itemText(item({ variantName: "  " }))).toBe("2 × Route relief map");
  });
});
