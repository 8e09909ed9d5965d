import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { EXPORT_THREAD_NICENESS } from "../../src/modules/admin-orders/export-csv";
import { EXPORTS_BUSY_MESSAGE, MOST_EXPORTS_AT_ONCE } from "../../src/modules/admin-orders/orders-export";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { addProduct } from "../support/factories";
import { storeOrder, storeYearOfOrders } from "../support/stored-orders";
import { countRows } from "../support/test-app";
import { waitUntil } from "../support/wait-until";

// A year's export runs in a worker of its own, on a read-only connection, and streams as the client reads,
// compressed as it streams when asked: shoppers are answered meanwhile, nothing is held whole
// (docs/decisions/0032-exports-off-the-main-thread.md).

/** Many pages of the export (200 rows each), so a client that holds back leaves most of it unread. */
const YEAR_OF_ORDERS = 4000;
const YEAR = "from=2025-01-01&to=2025-12-31";

// One shop with a year of orders for every test; an order a test adds goes again after it.
let shop: OwnerShop;
let ids: string[];
beforeAll(async () => {
  shop = await createOwnerShop();
  ids = storeYearOfOrders(shop.db, 2025, YEAR_OF_ORDERS);
  addProduct(shop.db, { id: "hex-planter", name: "Hex planter" });
});
afterAll(() => shop.close());
afterEach(async () => {
  // Each export a test left (or ended) has stopped before the next test counts workers.
  await shop.deps.ordersExport.stopAll();
  shop.db.run("DELETE FROM order_items WHERE order_id NOT LIKE 'ORD-Y%'");
  shop.db.run("DELETE FROM orders WHERE id NOT LIKE 'ORD-Y%'");
});

function exportCsv(query: string, headers: Record<string, string> = {}) {
  return shop.request(`/api/admin/orders/export.csv?${query}`, {
    headers: { Cookie: shop.cookie, "Sec-Fetch-Site": "same-origin", ...headers },
  });
}

async function readAll(reader: ReadableStreamDefaultReader<Uint8Array>, first: Uint8Array[] = []): Promise<Uint8Array> {
  const chunks = [...first];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return Buffer.concat(chunks);
}

/** The references in a CSV export's bytes (the byte-order mark and the heading row left out). */
function references(bytes: Uint8Array): string[] {
  const rows: string[][] = parse(new TextDecoder().decode(bytes.slice(3)));
  return rows.slice(1).map((row) => row[1]!);
}

describe("a year's export while the shop serves shoppers", () => {
  test("a shopper's page is answered in full while the export is still streaming, and the export then ends with every order", async () => {
    const response = await exportCsv(YEAR);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The client holds back: the export is unfinished and its worker alive.
    expect(shop.deps.ordersExport.running()).toBe(1);

    const page = await shop.html("/products/hex-planter");
    expect(page.status).toBe(200);
    expect(page.body).toContain("Hex planter");
    expect(page.body.trimEnd()).toEndWith("</html>");
    expect(shop.deps.ordersExport.running()).toBe(1);

    expect(references(await readAll(reader, [first.value!]))).toEqual(ids);
    await waitUntil(() => shop.deps.ordersExport.running() === 0, 5000, "the export's worker to end");
  });

  test("the export reads on a connection of its own: a write the shop has not committed is not in it, and does not hold it up", async () => {
    const response = await exportCsv(YEAR);
    const reader = response.body!.getReader();
    const first = await reader.read();
    // The shop's own connection writes an order at the end of the year and keeps the transaction open while
    // the export reads on. On that connection the row would be visible (and in the export); on another it is not.
    shop.db.exec("BEGIN IMMEDIATE");
    try {
      storeOrder(shop.db, { id: "ORD-UNCOMMIT", createdAt: "2025-12-31T23:00:00.000Z" });
      expect(countRows(shop.db, "orders")).toBe(YEAR_OF_ORDERS + 1);
      const exported = references(await readAll(reader, [first.value!]));
      expect(exported).toHaveLength(YEAR_OF_ORDERS);
      expect(exported).not.toContain("ORD-UNCOMMIT");
    } finally {
      shop.db.exec("ROLLBACK");
    }
  });

  test("an order committed while the export streams, later than every row sent, is in it: pages are read as the client asks", async () => {
    const response = await exportCsv(YEAR);
    const reader = response.body!.getReader();
    const first = await reader.read();
    storeOrder(shop.db, { id: "ORD-LATE001", createdAt: "2025-12-31T23:00:00.000Z" });
    const exported = references(await readAll(reader, [first.value!]));
    expect(exported).toEqual([...ids, "ORD-LATE001"]);
  });
});

describe("the export compressed as it streams", () => {
  test("asked with Accept-Encoding: gzip, br, it arrives gzipped and unzips to the very CSV sent without it", async () => {
    const plain = new Uint8Array(await (await exportCsv(YEAR)).arrayBuffer());
    const response = await exportCsv(YEAR, { "Accept-Encoding": "gzip, br" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toContain("Accept-Encoding");
    expect(response.headers.get("content-length")).toBeNull();
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const unzipped = new Uint8Array(gunzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(unzipped).toEqual(plain);
    expect(references(unzipped)).toEqual(ids);
  });

  test("its first compressed bytes arrive before the export has finished reading: an order committed after them is in it", async () => {
    const response = await exportCsv(YEAR, { "Accept-Encoding": "gzip, br" });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // Had the answer been read whole before compressing, every row would be read by now and this one missed.
    storeOrder(shop.db, { id: "ORD-LATE002", createdAt: "2025-12-31T23:00:00.000Z" });
    const unzipped = new Uint8Array(gunzipSync(await readAll(reader, [first.value!])));
    expect(references(unzipped)).toEqual([...ids, "ORD-LATE002"]);
  });
});

describe("each export's worker ends with it", () => {
  for (const [asked, acceptEncoding] of [
    ["plain", ""],
    ["gzipped as it streams", "gzip, br"],
  ]) {
    test(`a download the client abandons part-way ends its worker (${asked})`, async () => {
      const response = await exportCsv(YEAR, { "Accept-Encoding": acceptEncoding! });
      expect(response.headers.get("content-encoding")).toBe(acceptEncoding ? "gzip" : null);
      const reader = response.body!.getReader();
      await reader.read();
      expect(shop.deps.ordersExport.running()).toBe(1);
      await reader.cancel();
      await waitUntil(() => shop.deps.ordersExport.running() === 0, 5000, "the abandoned export's worker to end");
    });
  }

  test(`past ${MOST_EXPORTS_AT_ONCE} export at once: 503 with what to do, and one is accepted again once the other ends`, async () => {
    const readers = await Promise.all(
      Array.from({ length: MOST_EXPORTS_AT_ONCE }, async () => {
        const reader = (await exportCsv(YEAR)).body!.getReader();
        await reader.read();
        return reader;
      }),
    );
    const refused = await exportCsv(YEAR);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.headers.get("content-disposition")).toBeNull();
    expect(await refused.json()).toEqual({ error: EXPORTS_BUSY_MESSAGE });
    expect(shop.deps.ordersExport.running()).toBe(MOST_EXPORTS_AT_ONCE);

    // Asked for the moment the last byte is in, before the finished export's worker has closed.
    await readAll(readers[0]!);
    const again = await exportCsv(YEAR);
    expect(again.status).toBe(200);
    expect(references(new Uint8Array(await again.arrayBuffer()))).toEqual(ids);
    for (const reader of readers.slice(1)) await reader.cancel();
  });
});

/** The niceness of each thread of this process (the shop under test runs in it, its export workers too), by thread id. */
function threadNiceness(): Map<number, number> {
  const niceness = new Map<number, number>();
  for (const thread of readdirSync("/proc/self/task")) {
    try {
      // Fields after the command's closing parenthesis: the state is the 3rd field of stat(5), the niceness the 19th.
      const fields = readFileSync(`/proc/self/task/${thread}/stat`, "utf8").split(") ")[1]!.split(" ");
      niceness.set(Number(thread), Number(fields[16]));
    } catch {
      // A thread that ended while the list was read.
    }
  }
  return niceness;
}

describe.skipIf(process.platform !== "linux")("the export gives way to the shoppers", () => {
  test(`its worker's thread runs at niceness ${EXPORT_THREAD_NICENESS} while the shop's own thread stays at 0, and it is gone once the export ends`, async () => {
    const before = [...threadNiceness().values()].filter((nice) => nice === EXPORT_THREAD_NICENESS).length;
    const response = await exportCsv(YEAR, { "Accept-Encoding": "gzip, br" });
    const reader = response.body!.getReader();
    const first = await reader.read();
    const during = threadNiceness();
    // The worker's thread, and any thread it started since (they inherit its niceness).
    expect([...during.values()].filter((nice) => nice === EXPORT_THREAD_NICENESS).length).toBeGreaterThan(before);
    expect(during.get(process.pid)).toBe(0);

    // It still sends every order, at its own pace.
    expect(references(new Uint8Array(gunzipSync(await readAll(reader, [first.value!]))))).toEqual(ids);
    await waitUntil(() => shop.deps.ordersExport.running() === 0, 5000, "the export's worker to end");
    await waitUntil(
      () => [...threadNiceness().values()].filter((nice) => nice === EXPORT_THREAD_NICENESS).length === before,
      5000,
      "the export's thread to end",
    );
  });
});

describe("stopping every export, as shutdown does", () => {
  test("ends the worker and closes its connection first: the shop's own close is then the last and leaves no WAL", async () => {
    const closing = await createOwnerShop();
    try {
      storeYearOfOrders(closing.db, 2025, 1000);
      const request = () =>
        closing.request(`/api/admin/orders/export.csv?${YEAR}`, { headers: { Cookie: closing.cookie, "Sec-Fetch-Site": "same-origin" } });
      const reader = (await request()).body!.getReader();
      await reader.read();
      expect(closing.deps.ordersExport.running()).toBe(1);

      await closing.deps.ordersExport.stopAll();
      expect(closing.deps.ordersExport.running()).toBe(0);
      closing.db.close();
      expect(existsSync(`${closing.db.filename}-wal`)).toBe(false);
    } finally {
      closing.close();
    }
  });
});
