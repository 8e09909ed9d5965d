import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { storeOrder } from "../support/stored-orders";

// The owner's orders list searches by name, email, postcode or reference, filters by status and pages newest first
// by cursor (docs/decisions/0030-order-store-paging-and-search.md); the spec's plain GET /api/admin/orders answers
// the first page of the same summaries.

type Row = { id: string; status: string };
let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  storeOrder(shop.db, {
    id: "ORD-AAA111",
    createdAt: "2026-03-01T10:00:00.000Z",
    name: "Ada Lovelace",
    email: "ada@example.test",
    postcode: "EC1A 1BB",
  });
  storeOrder(shop.db, {
    id: "ORD-BBB222",
    createdAt: "2026-03-02T10:00:00.000Z",
    name: "Brian Jones",
    email: "brian@example.test",
    postcode: "M1 1AE",
    status: "fulfilled",
  });
  storeOrder(shop.db, {
    id: "ORD-CCC333",
    createdAt: "2026-03-03T10:00:00.000Z",
    name: "Cleo 50%",
    email: "cleo@example.test",
    postcode: "LS1 4AP",
    status: "canceled",
  });
});
afterEach(() => shop.close());

const ids = (rows: Row[]) => rows.map((row) => row.id);
const search = (query: string) => shop.call<Row[]>(`/api/admin/orders?${query}`);

describe("GET /api/admin/orders with a search", () => {
  test("the plain call with nothing passed answers the first page, newest first, counting every order and naming no next page", async () => {
    const { status, body, response } = await shop.call<Row[]>("/api/admin/orders");
    expect(status).toBe(200);
    expect(ids(body)).toEqual(["ORD-CCC333", "ORD-BBB222", "ORD-AAA111"]);
    expect(response.headers.get("x-total-count")).toBe("3");
    expect(response.headers.get("x-next-cursor")).toBeNull();
  });

  test("finds an order by the start of a surname, three letters typed", async () => {
    storeOrder(shop.db, { id: "ORD-DDD444", createdAt: "2026-03-04T10:00:00.000Z", name: "Jo Smith", email: "jo@example.test" });
    expect(ids((await search("q=smi")).body)).toEqual(["ORD-DDD444"]);
  });

  test("finds an order by postcode typed with a space when it was stored without one", async () => {
    storeOrder(shop.db, { id: "ORD-EEE555", createdAt: "2026-03-04T10:00:00.000Z", postcode: "B11AA" });
    expect(ids((await search("q=b1%201aa")).body)).toEqual(["ORD-EEE555"]);
  });

  test("a search answers how many orders it finds in X-Total-Count, with the status it is narrowed to", async () => {
    storeOrder(shop.db, { id: "ORD-FFF666", createdAt: "2026-03-05T10:00:00.000Z", email: "brian@example.test", status: "paid" });
    expect((await search("q=brian")).response.headers.get("x-total-count")).toBe("2");
    const paid = await search("q=brian&status=paid");
    expect(ids(paid.body)).toEqual(["ORD-FFF666"]);
    expect(paid.response.headers.get("x-total-count")).toBe("1");
  });

  test("finds an order by part of the customer's name, in any case", async () => {
    expect(ids((await search("q=lovel")).body)).toEqual(["ORD-AAA111"]);
  });

  test("finds an order by email", async () => {
    expect(ids((await search("q=brian%40example")).body)).toEqual(["ORD-BBB222"]);
  });

  test("finds an order by postcode typed without its space or in small letters", async () => {
    expect(ids((await search("q=ec1a1bb")).body)).toEqual(["ORD-AAA111"]);
    expect(ids((await search("q=ls1%204ap")).body)).toEqual(["ORD-CCC333"]);
  });

  test("finds an order by part of its reference", async () => {
    expect(ids((await search("q=bbb2")).body)).toEqual(["ORD-BBB222"]);
  });

  test("a % in the search means the character, not any text", async () => {
    expect(ids((await search("q=50%25")).body)).toEqual(["ORD-CCC333"]);
    expect(ids((await search("q=a%25e")).body)).toEqual([]);
  });

  test("filters by status, alone or with a search", async () => {
    expect(ids((await search("status=fulfilled")).body)).toEqual(["ORD-BBB222"]);
    expect(ids((await search("status=paid&q=brian")).body)).toEqual([]);
  });

  test("pages newest first, fifty to a page, with the total in X-Total-Count and the next page's cursor in X-Next-Cursor", async () => {
    for (let n = 0; n < 52; n += 1) {
      storeOrder(shop.db, { id: `ORD-P${String(n).padStart(4, "0")}`, createdAt: `2026-04-01T10:${String(n).padStart(2, "0")}:00.000Z` });
    }
    const first = await shop.call<Row[]>("/api/admin/orders");
    expect(first.body).toHaveLength(50);
    expect(first.body[0]!.id).toBe("ORD-P0051");
    expect(first.response.headers.get("x-total-count")).toBe("55");
    expect(first.response.headers.get("x-page-size")).toBe("50");
    const cursor = first.response.headers.get("x-next-cursor")!;
    const second = await search(`cursor=${encodeURIComponent(cursor)}`);
    expect(ids(second.body)).toEqual(["ORD-P0001", "ORD-P0000", "ORD-CCC333", "ORD-BBB222", "ORD-AAA111"]);
    expect(second.response.headers.get("x-total-count")).toBe("55");
    expect(second.response.headers.get("x-next-cursor")).toBeNull();
  });

  test("page=1 from a screen opened before paging by cursor still answers the first page", async () => {
    const { status, body } = await search("page=1");
    expect(status).toBe(200);
    expect(ids(body)).toEqual(["ORD-CCC333", "ORD-BBB222", "ORD-AAA111"]);
  });
});

describe("GET /api/admin/orders refuses a bad search", () => {
  test("an unknown status: 400 naming the statuses", async () => {
    const { status, body } = await search("status=lost");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Status must be paid, fulfilled or canceled." } as never);
  });

  const PAGE_GONE = "The orders list is paged by cursor now: leave out page and pass the X-Next-Cursor of the previous answer as cursor.";
  const BAD_CURSOR = "This cursor is not one the orders list gave. Start again from the first page (leave out cursor).";

  test("a page after the first: 400 saying paging is by cursor now", async () => {
    const { status, body } = await search("page=2");
    expect(status).toBe(400);
    expect(body).toEqual({ error: PAGE_GONE } as never);
  });

  test("a page that is not a number: 400 saying paging is by cursor now", async () => {
    const { status, body } = await search("page=two");
    expect(status).toBe(400);
    expect(body).toEqual({ error: PAGE_GONE } as never);
  });

  test("a cursor that is not one the list gave (not base64 of its position): 400", async () => {
    const { status, body } = await search("cursor=not-a-cursor");
    expect(status).toBe(400);
    expect(body).toEqual({ error: BAD_CURSOR } as never);
  });

  test("a cursor of the right encoding but the wrong shape (no order position in it): 400", async () => {
    const forged = Buffer.from(JSON.stringify(["yesterday", -1])).toString("base64url");
    const { status, body } = await search(`cursor=${forged}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: BAD_CURSOR } as never);
  });

  test("a search of fewer than 3 characters: 400 asking for more", async () => {
    const { status, body } = await search("q=ab");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Type at least 3 characters to search." } as never);
  });

  test("a search longer than 100 characters: 400", async () => {
    const { status, body } = await search(`q=${"a".repeat(101)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "The search must be at most 100 characters." } as never);
  });
});
