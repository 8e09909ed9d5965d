import { afterEach, describe, expect, test } from "bun:test";
import { ORDERS_PAGE_SIZE } from "../../shared/orders-page";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { storeOrder } from "../support/stored-orders";

// The owner's order list answers one page whatever the shop's history, walked by keyset cursor newest first, and
// counts from order_counts (docs/decisions/0030-order-store-paging-and-search.md).

type Summary = Record<string, unknown> & { id: string; status: string };
let shop: OwnerShop;
afterEach(() => shop.close());

/** `count` orders, three to a moment (so pages end inside a tie of created_at), the newest last. */
function storeHistory(count: number, prefix = "H"): string[] {
  const ids: string[] = [];
  shop.db.transaction(() => {
    for (let n = 0; n < count; n += 1) {
      const id = `ORD-${prefix}${String(n).padStart(5, "0")}`;
      const minute = Math.floor(n / 3);
      storeOrder(shop.db, { id, createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString() });
      ids.push(id);
    }
  })();
  return ids;
}

/** A real checkout's order, through the demo payment page. */
async function buy(): Promise<string> {
  if (!shop.db.query("SELECT 1 FROM products WHERE id = 'feeder'").get()) addProduct(shop.db, { ...BIRD_FEEDER, stock: 50 });
  return (await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }))).orderId;
}

async function page(query = "") {
  const answer = await shop.call<Summary[]>(`/api/admin/orders${query}`);
  expect(answer.status).toBe(200);
  return { rows: answer.body, next: answer.response.headers.get("x-next-cursor"), total: answer.response.headers.get("x-total-count") };
}

/** Every page from the first, following X-Next-Cursor; `between` runs after each page (new orders arriving). */
async function walk(query: Record<string, string> = {}, between: (pageNumber: number) => void = () => {}) {
  const seen: string[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(cursor ? { ...query, cursor } : query);
    const { rows, next } = await page(`?${params}`);
    seen.push(...rows.map((row) => row.id));
    sizes.push(rows.length);
    between(sizes.length);
    cursor = next;
  } while (cursor);
  return { seen, sizes };
}

describe("GET /api/admin/orders stays one page at any history", () => {
  test("with 50 or 300 orders the plain call answers one page of 50, and the walk visits every order once, newest first", async () => {
    for (const count of [50, 300]) {
      shop = await createOwnerShop();
      const ids = storeHistory(count);
      const first = await page();
      expect(first.rows).toHaveLength(ORDERS_PAGE_SIZE);
      expect(first.total).toBe(String(count));
      const { seen, sizes } = await walk();
      expect(seen).toEqual([...ids].reverse());
      expect(sizes).toEqual(Array.from({ length: Math.ceil(count / ORDERS_PAGE_SIZE) }, () => ORDERS_PAGE_SIZE));
      shop.close();
    }
    shop = await createOwnerShop();
  });

  test("orders placed between page calls neither repeat nor push an older order out of the walk", async () => {
    shop = await createOwnerShop();
    const older = storeHistory(120);
    let arrived = 0;
    const { seen } = await walk({}, () => {
      // Each arrival is newer than every stored order, including one in the same moment as the newest.
      for (let n = 0; n < 7; n += 1) {
        arrived += 1;
        storeOrder(shop.db, {
          id: `ORD-NEW${String(arrived).padStart(3, "0")}`,
          createdAt: `2026-01-01T00:00:${String(arrived).padStart(2, "0")}.000Z`,
        });
      }
      storeOrder(shop.db, { id: `ORD-TIE${arrived}`, createdAt: new Date(Date.UTC(2025, 0, 1, 0, 39)).toISOString() });
    });
    expect(seen).toEqual([...older].reverse());
    expect(new Set(seen).size).toBe(seen.length);
  });

  test("a status filter pages by cursor too, counting only that status", async () => {
    shop = await createOwnerShop();
    shop.db.transaction(() => {
      for (let n = 0; n < 130; n += 1) {
        storeOrder(shop.db, {
          id: `ORD-S${String(n).padStart(4, "0")}`,
          createdAt: new Date(Date.UTC(2025, 1, 1, 0, n)).toISOString(),
          status: n % 2 === 0 ? "fulfilled" : "paid",
        });
      }
    })();
    const first = await page("?status=fulfilled");
    expect(first.total).toBe("65");
    const { seen, sizes } = await walk({ status: "fulfilled" });
    expect(sizes).toEqual([50, 15]);
    expect(seen[0]).toBe("ORD-S0128");
    expect(seen.at(-1)).toBe("ORD-S0000");
  });

  test("a search pages by cursor too: every match once, newest first", async () => {
    shop = await createOwnerShop();
    shop.db.transaction(() => {
      for (let n = 0; n < 120; n += 1) {
        storeOrder(shop.db, {
          id: `ORD-Q${String(n).padStart(4, "0")}`,
          createdAt: new Date(Date.UTC(2025, 2, 1, 0, n)).toISOString(),
          name: n % 3 === 0 ? `Ada Smith ${n}` : `Bo Jones ${n}`,
        });
      }
    })();
    const first = await page("?q=smith");
    expect(first.total).toBe("40");
    const { seen, sizes } = await walk({ q: "smith" });
    expect(sizes).toEqual([40]);
    expect(seen).toEqual(Array.from({ length: 40 }, (_, k) => `ORD-Q${String(117 - 3 * k).padStart(4, "0")}`));
  });

  test("a search matching most orders (walked along the list's index) also visits every match once, newest first", async () => {
    shop = await createOwnerShop();
    const ids = storeHistory(1100);
    storeOrder(shop.db, { id: "ORD-OTHER1", createdAt: "2025-01-01T05:00:00.000Z", name: "Ada Lovelace", email: "ada@example.test" });
    const first = await page("?q=shopper");
    expect(first.total).toBe("1100");
    expect(first.rows).toHaveLength(ORDERS_PAGE_SIZE);
    const { seen } = await walk({ q: "shopper" });
    expect(seen).toEqual([...ids].reverse());
  });

  test("the plain call's first page keeps the spec's summary fields, and nothing more", async () => {
    shop = await createOwnerShop();
    storeOrder(shop.db, {
      id: "ORD-SHAPE1",
      createdAt: "2026-05-01T09:00:00.000Z",
      name: "Ada Lovelace",
      email: "ada@example.test",
      postcode: "EC1A 1BB",
      items: [
        { productId: "feeder", name: "Bird feeder", unitPriceCents: 1500, quantity: 2 },
        { productId: "planter", name: "Planter", unitPriceCents: 900, quantity: 3 },
      ],
    });
    const [row] = (await page()).rows;
    expect(Object.keys(row!).sort()).toEqual(
      [
        "amount_cents",
        "created_at",
        "currency",
        "dispatch_by",
        "dispatch_dates",
        "email",
        "gift",
        "hold",
        "id",
        "item_count",
        "payment_session_id",
        "refund_required",
        "shipping_name",
        "shipping_postal_code",
        "stage",
        "stages",
        "status",
        "tracking_carrier",
        "tracking_notified_at",
        "tracking_number",
      ].sort(),
    );
    expect(row).toMatchObject({
      id: "ORD-SHAPE1",
      status: "paid",
      amount_cents: 5700 + 500,
      email: "ada@example.test",
      shipping_name: "Ada Lovelace",
      shipping_postal_code: "EC1A 1BB",
      item_count: 5,
      refund_required: false,
      tracking_notified_at: null,
    });
  });

  test("a paid order's summary carries its stages, read for the page at once", async () => {
    shop = await createOwnerShop();
    const orderId = await buy();
    await shop.call(`/api/admin/orders/${orderId}/stage`, { method: "POST", body: { stage: "printing" } });
    const [row] = (await page()).rows;
    expect(row!.id).toBe(orderId);
    expect(row!.stage).toBe("printing");
    expect((row!.stages as { stage: string }[]).map((mark) => mark.stage)).toEqual(["queued", "printing"]);
  });
});

describe("order_counts and the dashboard's counts", () => {
  const counted = () =>
    Object.fromEntries(
      shop.db
        .query<{ status: string; orders: number }, []>("SELECT status, orders FROM order_counts WHERE orders > 0 ORDER BY status")
        .all()
        .map((row) => [row.status, row.orders]),
    );
  const recounted = () =>
    Object.fromEntries(
      shop.db
        .query<{ status: string; orders: number }, []>("SELECT status, COUNT(*) AS orders FROM orders GROUP BY status ORDER BY status")
        .all()
        .map((row) => [row.status, row.orders]),
    );

  test("agree with a count of the orders after orders are placed, dispatched, taken back, cancelled", async () => {
    shop = await createOwnerShop();
    const first = await buy();
    const second = await buy();
    storeHistory(4);
    expect(counted()).toEqual({ paid: 6 });
    expect(counted()).toEqual(recounted());

    const shipment = { carrier: "Royal Mail", number: "RM123456789GB", url: "" };
    expect((await shop.call(`/api/admin/orders/${first}/tracking`, { method: "POST", body: shipment })).status).toBe(200);
    expect(counted()).toEqual({ fulfilled: 1, paid: 5 });
    expect((await shop.call(`/api/admin/orders/${first}/status`, { method: "POST", body: { status: "paid" } })).status).toBe(200);
    expect(counted()).toEqual({ paid: 6 });
    expect((await shop.call(`/api/admin/orders/${second}/status`, { method: "POST", body: { status: "canceled" } })).status).toBe(200);
    expect(counted()).toEqual({ canceled: 1, paid: 5 });
    expect(counted()).toEqual(recounted());

    const all = await page();
    expect(all.total).toBe("6");
    expect((await page("?status=canceled")).total).toBe("1");
    const stats = await shop.call<{ orders: number; recentOrders: Summary[] }>("/api/admin/dashboard/stats");
    expect(stats.body.orders).toBe(6);
    expect(stats.body.recentOrders.map((row) => row.id)).toEqual(all.rows.slice(0, 5).map((row) => row.id));
  });

  test("the dashboard's refunds due are the flagged orders not yet refunded in full, oldest first", async () => {
    shop = await createOwnerShop();
    storeHistory(6);
    shop.db.query("UPDATE orders SET refund_required = 1 WHERE id IN ('ORD-H00004', 'ORD-H00001')").run();
    const stats = await shop.call<{ refundsDue: Summary[] }>("/api/admin/dashboard/stats");
    expect(stats.body.refundsDue.map((row) => [row.id, row.refund_required])).toEqual([
      ["ORD-H00001", true],
      ["ORD-H00004", true],
    ]);
  });
});
