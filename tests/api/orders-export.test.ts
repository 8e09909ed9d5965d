import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { storeOrder, storeRefund } from "../support/stored-orders";

// The accountant's CSV of a range of UK days, one row per order, UTF-8 with a BOM, formula-like cells
// neutralised, streamed, as a personal attachment (docs/decisions/0018-takings-and-export.md).

let shop: OwnerShop;
beforeEach(async () => {
  shop = await createOwnerShop();
});
afterEach(() => shop.close());

const HEADER = "Date,Reference,Customer,Email,Postcode,Items,Subtotal (£),Delivery (£),Discount (£),Refunded (£),Total (£),Status";

function exportCsv(query: string) {
  return shop.request(`/api/admin/orders/export.csv?${query}`, { headers: { Cookie: shop.cookie, "Sec-Fetch-Site": "same-origin" } });
}

async function rows(query: string): Promise<string[][]> {
  const response = await exportCsv(query);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(new TextDecoder().decode(bytes.slice(3)));
}

describe("GET /api/admin/orders/export.csv", () => {
  test("one row per order with every column, amounts as plain numbers in pounds, refunds added up", async () => {
    storeOrder(shop.db, {
      id: "ORD-EXP001",
      createdAt: "2026-04-02T09:00:00.000Z",
      name: "Ada Lovelace",
      email: "ada@example.test",
      postcode: "EC1A 1BB",
      items: [
        { productId: "feeder", name: "Bird feeder", unitPriceCents: 2400, quantity: 2 },
        { productId: "map", name: "Relief map", unitPriceCents: 3900, quantity: 1 },
      ],
      deliveryCents: 500,
      discountCents: 1000,
    });
    storeRefund(shop.db, "ORD-EXP001", 1500, "2026-04-03T09:00:00.000Z");
    storeRefund(shop.db, "ORD-EXP001", 250, "2026-04-04T09:00:00.000Z");
    const table = await rows("from=2026-04-01&to=2026-04-30");
    expect(table.map((row) => row.join(","))[0]).toBe(HEADER);
    expect(table[1]).toEqual([
      "2026-04-02",
      "ORD-EXP001",
      "Ada Lovelace",
      "ada@example.test",
      "EC1A 1BB",
      "2 × Bird feeder; 1 × Relief map",
      "87.00",
      "5.00",
      "10.00",
      "17.50",
      "82.00",
      "paid",
    ]);
    expect(table).toHaveLength(2);
  });

  test("the range is UK days, both inclusive: BST midnight is 23:00 UTC the evening before", async () => {
    storeOrder(shop.db, { id: "ORD-BEFORE", createdAt: "2026-06-30T22:59:59.000Z" }); // 23:59:59 on 30 June in London
    storeOrder(shop.db, { id: "ORD-FIRST1", createdAt: "2026-06-30T23:00:00.000Z" }); // 00:00 on 1 July
    storeOrder(shop.db, { id: "ORD-LAST01", createdAt: "2026-07-31T22:59:59.000Z" }); // 23:59:59 on 31 July
    storeOrder(shop.db, { id: "ORD-AFTER1", createdAt: "2026-07-31T23:00:00.000Z" }); // 1 August
    const table = await rows("from=2026-07-01&to=2026-07-31");
    expect(table.slice(1).map((row) => [row[0], row[1]])).toEqual([
      ["2026-07-01", "ORD-FIRST1"],
      ["2026-07-31", "ORD-LAST01"],
    ]);
  });

  test("a cell that a spreadsheet would run as a formula starts with an apostrophe", async () => {
    storeOrder(shop.db, {
      id: "ORD-EVIL01",
      createdAt: "2026-04-02T09:00:00.000Z",
      name: '=HYPERLINK("http://x","y")',
      email: "+44@example.test",
    });
    storeOrder(shop.db, { id: "ORD-EVIL02", createdAt: "2026-04-03T09:00:00.000Z", name: "-2+3", email: "@home", postcode: "\tSW1" });
    storeOrder(shop.db, { id: "ORD-EVIL03", createdAt: "2026-04-04T09:00:00.000Z", name: "\r=1" });
    const table = await rows("from=2026-04-01&to=2026-04-30");
    expect(table.slice(1).map((row) => [row[2], row[3], row[4]])).toEqual([
      ['\'=HYPERLINK("http://x","y")', "'+44@example.test", "SW1A 1AA"],
      ["'-2+3", "'@home", "'\tSW1"],
      ["'\r=1", "shopper@example.test", "SW1A 1AA"],
    ]);
  });

  test("a range past one page streams every order once, oldest first", async () => {
    for (let n = 0; n < 450; n += 1) {
      storeOrder(shop.db, {
        id: `ORD-S${String(n).padStart(5, "0")}`,
        createdAt: `2026-05-01T${String(Math.floor(n / 60)).padStart(2, "0")}:${String(n % 60).padStart(2, "0")}:00.000Z`,
      });
    }
    const response = await exportCsv("from=2026-05-01&to=2026-05-01");
    expect(response.body).toBeInstanceOf(ReadableStream);
    const table = parse(new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).slice(3)));
    expect(table).toHaveLength(451);
    expect(table.slice(1).map((row: string[]) => row[1])).toEqual(
      Array.from({ length: 450 }, (_, n) => `ORD-S${String(n).padStart(5, "0")}`),
    );
  });

  test("an empty range answers the heading alone", async () => {
    expect(await rows("from=2026-01-01&to=2026-01-31")).toEqual([HEADER.split(",")]);
  });

  test("a personal attachment: CSV type, file name with the dates, never stored by a cache", async () => {
    const response = await exportCsv("from=2026-04-01&to=2026-04-30");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="orders-2026-04-01-to-2026-04-30.csv"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  test("without the owner's session: 401", async () => {
    const response = await shop.request("/api/admin/orders/export.csv?from=2026-04-01&to=2026-04-30");
    expect(response.status).toBe(401);
  });
});

describe("GET /api/admin/orders/export.csv refuses a bad range", () => {
  const cases: [string, string, string][] = [
    ["no dates", "", "Choose both dates of the export: from and to, as YYYY-MM-DD."],
    ["no to date", "from=2026-04-01", "Choose both dates of the export: from and to, as YYYY-MM-DD."],
    ["no from date", "to=2026-04-30", "Choose both dates of the export: from and to, as YYYY-MM-DD."],
    [
      "a from date in another shape",
      "from=01/04/2026&to=2026-04-30",
      "The from date must be a real day written YYYY-MM-DD, such as 2026-04-01.",
    ],
    [
      "a to date that does not exist",
      "from=2026-02-01&to=2026-02-30",
      "The to date must be a real day written YYYY-MM-DD, such as 2026-04-30.",
    ],
    ["a reversed range", "from=2026-04-30&to=2026-04-01", "The from date must be on or before the to date."],
    ["a from date before 2000", "from=1999-12-31&to=2026-04-30", "The from date must be in the years 2000 to 2100, such as 2026-04-01."],
    ["a from date in year 1", "from=0001-01-01&to=2026-04-30", "The from date must be in the years 2000 to 2100, such as 2026-04-01."],
    ["a to date after 2100", "from=2026-04-01&to=2101-01-01", "The to date must be in the years 2000 to 2100, such as 2026-04-30."],
    ["a to date in year 9999", "from=2026-04-01&to=9999-12-31", "The to date must be in the years 2000 to 2100, such as 2026-04-30."],
    [
      "both dates outside 2000 to 2100",
      "from=1900-01-01&to=2200-01-01",
      "The from date must be in the years 2000 to 2100, such as 2026-04-01.",
    ],
  ];
  for (const [name, query, message] of cases) {
    test(`${name}: 400 with what to do`, async () => {
      storeOrder(shop.db, { id: "ORD-INRANGE", createdAt: "2026-04-02T09:00:00.000Z" });
      const response = await exportCsv(query);
      expect(response.status).toBe(400);
      expect(response.headers.get("content-type")).toStartWith("application/json");
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(await response.json()).toEqual({ error: message });
    });
  }

  test("the widest range, 2000-01-01 to 2100-12-31, is answered with every order in it", async () => {
    storeOrder(shop.db, { id: "ORD-WIDE01", createdAt: "2026-04-02T09:00:00.000Z" });
    const table = await rows("from=2000-01-01&to=2100-12-31");
    expect(table.slice(1).map((row) => row[1])).toEqual(["ORD-WIDE01"]);
  });
});
