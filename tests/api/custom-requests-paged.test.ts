import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { CUSTOM_REQUESTS_PAGE_SIZE } from "../../src/modules/admin-requests/model";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { countRows } from "../support/test-app";

// The owner's custom requests, a page at a time by cursor however many years of requests the shop holds
// (docs/decisions/0059-every-list-bounded.md).

type Listed = { id: string; created_at: string; attachments: { id: string; filename: string; removed_at: string | null }[] } & Record<
  string,
  unknown
>;

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
});
afterEach(() => shop.close());

/** A request received `minute` minutes into 2025 (several may share one), with `attachments` files. */
function addRequest(id: string, minute: number, attachments = 0) {
  const createdAt = new Date(Date.UTC(2025, 0, 1) + minute * 60_000).toISOString();
  shop.db
    .query("INSERT INTO custom_requests (id, name, email, details, created_at) VALUES (?, 'Grace Hopper', 'grace@example.com', ?, ?)")
    .run(id, `Details of ${id}`, createdAt);
  for (let n = 1; n <= attachments; n++) {
    shop.db
      .query(
        "INSERT INTO custom_request_attachments (id, request_id, filename, stored_name, content_type, size_bytes) VALUES (?, ?, ?, ?, 'model/stl', 5)",
      )
      .run(`${id}-att${n}`, id, `part ${n}.stl`, `r_${id}_${n}.stl`);
  }
}

function addRequests(count: number, { from = 0, sameMinute = false } = {}) {
  for (let n = from; n < from + count; n++) addRequest(`req-${String(n).padStart(4, "0")}`, sameMinute ? from : n, n % 3);
}

async function page(cursor?: string) {
  const answer = await shop.call<Listed[]>(`/api/admin/custom-requests${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
  expect(answer.status).toBe(200);
  return { ids: answer.body.map((request) => request.id), body: answer.body, next: answer.response.headers.get("x-next-cursor") };
}

/** Every page from the first, following X-Next-Cursor. */
async function everyPage(): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const { ids, next } = await page(cursor);
    pages.push(ids);
    cursor = next ?? undefined;
  } while (cursor);
  return pages;
}

/** The ids as a recount of the table orders them: newest first, the later insert first within a moment. */
const newestFirst = () =>
  shop.db
    .query<{ id: string }, []>("SELECT id FROM custom_requests ORDER BY created_at DESC, rowid DESC")
    .all()
    .map((row) => row.id);

describe("GET /api/admin/custom-requests", () => {
  test("with more requests than a page, the plain call answers the newest page, its size and where the next starts", async () => {
    addRequests(CUSTOM_REQUESTS_PAGE_SIZE * 2 + 20);
    const answer = await shop.call<Listed[]>("/api/admin/custom-requests");
    expect(answer.body).toHaveLength(CUSTOM_REQUESTS_PAGE_SIZE);
    expect(answer.body.map((request) => request.id)).toEqual(newestFirst().slice(0, CUSTOM_REQUESTS_PAGE_SIZE));
    expect(answer.response.headers.get("x-page-size")).toBe(String(CUSTOM_REQUESTS_PAGE_SIZE));
    expect(answer.response.headers.get("x-next-cursor")).toBeTruthy();
  });

  test("the first page keeps the list's shape: every request field and its own attachments", async () => {
    addRequests(CUSTOM_REQUESTS_PAGE_SIZE + 6);
    const { body } = await page();
    const newest = body[0];
    expect(newest).toEqual({
      id: "req-0055",
      name: "Grace Hopper",
      email: "grace@example.com",
      details: "Details of req-0055",
      material: null,
      color: null,
      status: "open",
      created_at: "2025-01-01T00:55:00.000Z",
      attachments: [{ id: "req-0055-att1", filename: "part 1.stl", removed_at: null }],
    });
    for (const request of body) {
      const expected = Number(request.id.slice(4)) % 3;
      expect(request.attachments.map((attachment) => attachment.id)).toEqual(
        Array.from({ length: expected }, (_, n) => `${request.id}-att${n + 1}`),
      );
    }
  });

  test("following the cursors gives every request once, in the list's order, and the last page has no cursor", async () => {
    addRequests(CUSTOM_REQUESTS_PAGE_SIZE * 2 + 20);
    const pages = await everyPage();
    expect(pages.map((ids) => ids.length)).toEqual([CUSTOM_REQUESTS_PAGE_SIZE, CUSTOM_REQUESTS_PAGE_SIZE, 20]);
    expect(pages.flat()).toEqual(newestFirst());
  });

  test("requests received in the same millisecond are split across pages without one lost or repeated", async () => {
    addRequests(CUSTOM_REQUESTS_PAGE_SIZE + 10, { sameMinute: true });
    const pages = await everyPage();
    expect(pages).toHaveLength(2);
    expect(pages.flat()).toEqual(newestFirst());
    expect(new Set(pages.flat()).size).toBe(CUSTOM_REQUESTS_PAGE_SIZE + 10);
  });

  test("requests arriving while the owner pages on do not shift the older pages; the first page shows them", async () => {
    addRequests(CUSTOM_REQUESTS_PAGE_SIZE * 2);
    const before = newestFirst();
    const first = await page();
    addRequests(7, { from: 5000 });
    const second = await page(first.next ?? undefined);
    expect(second.ids).toEqual(before.slice(CUSTOM_REQUESTS_PAGE_SIZE));
    expect(second.next).toBeNull();
    expect((await page()).ids.slice(0, 7)).toEqual(newestFirst().slice(0, 7));
  });

  test("a shop with no requests answers an empty list and no cursor", async () => {
    const { body, next } = await page();
    expect(body).toEqual([]);
    expect(next).toBeNull();
  });

  test("a page's size does not grow with the history: 50 whether the shop holds 60 requests or 600", async () => {
    addRequests(60);
    const small = await page();
    addRequests(540, { from: 60 });
    const large = await page();
    expect(small.ids).toHaveLength(CUSTOM_REQUESTS_PAGE_SIZE);
    expect(large.ids).toHaveLength(CUSTOM_REQUESTS_PAGE_SIZE);
  });
});

describe("a cursor the list did not give is refused, and nothing changes", () => {
  const BAD_CURSOR = "This cursor is not one the custom requests list gave. Start again from the first page (leave out cursor).";
  const cases: [string, string][] = [
    ["not base64url JSON", "not-a-cursor!"],
    ["JSON that is not a position", Buffer.from(JSON.stringify({ page: 2 })).toString("base64url")],
    ["a position whose moment is not a stored moment", Buffer.from(JSON.stringify(["yesterday", 4])).toString("base64url")],
    ["a position whose rowid is not a whole number", Buffer.from(JSON.stringify(["2025-01-01T00:00:00.000Z", 1.5])).toString("base64url")],
    ["a cursor longer than any the list gives", "a".repeat(201)],
  ];
  for (const [what, cursor] of cases) {
    test(`${what} answers 400 with the way to start again`, async () => {
      addRequests(3);
      const answer = await shop.call(`/api/admin/custom-requests?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: BAD_CURSOR });
      expect(countRows(shop.db, "custom_requests")).toBe(3);
      expect(shop.db.query("SELECT COUNT(*) AS n FROM custom_requests WHERE status != 'open'").get()).toEqual({ n: 0 });
    });
  }
});
