import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { storeOrder } from "../support/stored-orders";

// Issue 15 point 6: the owner's orders list searches by name, email, postcode or reference, filters by status and
// pages newest first, while the spec's plain GET /api/admin/orders answers every order exactly as before.

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
  test("the plain call with nothing passed answers every order, newest first, with no paging headers", async () => {
    const { status, body, response } = await shop.call<Row[]>("/api/admin/orders");
    expect(status).toBe(200);
    expect(ids(body)).toEqual(["ORD-CCC333", "ORD-BBB222", "ORD-AAA111"]);
    expect(response.headers.get("x-total-count")).toBeNull();
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

  test("pages newest first, fifty to a page, with the total in X-Total-Count", async () => {
    for (let n = 0; n < 52; n += 1) {
      storeOrder(shop.db, { id: `ORD-P${String(n).padStart(4, "0")}`, createdAt: `2026-04-01T10:${String(n).padStart(2, "0")}:00.000Z` });
    }
    const first = await search("page=1");
    expect(first.body).toHaveLength(50);
    expect(first.body[0]!.id).toBe("ORD-P0051");
    expect(first.response.headers.get("x-total-count")).toBe("55");
    expect(first.response.headers.get("x-page-size")).toBe("50");
    const second = await search("page=2");
    expect(ids(second.body)).toEqual(["ORD-P0001", "ORD-P0000", "ORD-CCC333", "ORD-BBB222", "ORD-AAA111"]);
    expect((await search("page=3")).body).toEqual([]);
  });
});

describe("GET /api/admin/orders refuses a bad search", () => {
  test("an unknown status: 400 naming the statuses", async () => {
    const { status, body } = await search("status=lost");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "Status must be paid, fulfilled or canceled." } as never);
  });

  test("a page of 0: 400", async () => {
    const { status, body } = await search("page=0");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "The page must be a whole number from 1." } as never);
  });

  test("a page that is not a number: 400", async () => {
    const { status, body } = await search("page=two");
    expect(status).toBe(400);
    expect(body).toEqual({ error: "The page must be a whole number from 1." } as never);
  });

  test("a search longer than 100 characters: 400", async () => {
    const { status, body } = await search(`q=${"a".repeat(101)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: "The search must be at most 100 characters." } as never);
  });
});
