import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { migrate } from "../../src/db/migrate";
import { FILES_KEPT_SQL } from "../../src/jobs/clean-uploads";
import { ORDERS_WITH_KEPT_FILES_SQL } from "../../src/jobs/remove-dispatched-files";
import { DASHBOARD_OTHER_COUNTS_SQL } from "../../src/modules/admin-orders/service";
import { createAdminRequestService, REQUEST_LIST_READS } from "../../src/modules/admin-requests/service";
import { WAITING_QUOTES_SQL } from "../../src/modules/alerts/digest";
import { DISCOUNT_CODE_PAGES } from "../../src/modules/discount-codes/store";
import { WAITING_HOLDS_SQL } from "../../src/modules/holds/store";
import { PAYOUT_LINES_SQL } from "../../src/modules/money/payouts";
import { REMOVED_FILES_SQL } from "../../src/modules/orders/removed-files";
import { DISPATCHED_BEFORE_SQL } from "../../src/modules/orders/store";
import { REQUEST_OF_ORDER_SQL } from "../../src/modules/quotes/queries";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { queryPlan } from "../support/query-plan";

// Reads that walked a table growing with the shop's history get their index from migrations/0043_every_list_bounded.sql,
// which an existing shop applies in place (docs/decisions/0059-every-list-bounded.md).

const MIGRATION = "0043_every_list_bounded.sql";
let shop: ShopBefore;
let db: Database;

beforeEach(() => {
  shop = openShopBefore(MIGRATION);
  db = shop.db;
});
afterEach(() => shop.close());

/** The plan's steps, each bound parameter read as NULL (a plan does not depend on the values). */
const planOf = (sql: string) => queryPlan(db, sql);

function request(id: string, createdAt: string, status = "open") {
  db.query(
    "INSERT INTO custom_requests (id, name, email, details, status, created_at) VALUES (?, 'Grace', 'grace@example.test', 'A bracket', ?, ?)",
  ).run(id, status, createdAt);
}

describe("migration 0043 on a shop that already has custom requests", () => {
  beforeEach(() => {
    request("req-a", "2025-01-01T10:00:00.000Z");
    request("req-b", "2025-01-02T10:00:00.000Z", "completed");
    // Two in the same millisecond: the later insert is the newer.
    request("req-c", "2025-01-03T10:00:00.000Z", "in_progress");
    request("req-d", "2025-01-03T10:00:00.000Z");
    migrate(db);
  });

  test("builds the new indexes in place and drops the old order of the list", () => {
    const indexes = db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'")
      .all();
    const names = indexes.map((row) => row.name);
    for (const name of [
      "uploads_by_order",
      "uploads_kept_by_order",
      "uploads_on_disk",
      "custom_request_attachments_on_disk",
      "order_holds_waiting",
      "quotes_by_order",
      "quotes_waiting_by_day",
      "custom_requests_newest",
      "custom_requests_active",
    ]) {
      expect(names).toContain(name);
    }
    expect(names).not.toContain("custom_requests_by_created");
    expect(db.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
  });

  test("the requests already there are listed newest first, ties by the later insert, a page at a time", () => {
    const requests = createAdminRequestService(db);
    const first = requests.list(null, 3);
    expect(first.requests.map((row) => row.id)).toEqual(["req-d", "req-c", "req-b"]);
    expect(first.next).not.toBeNull();
    const second = requests.list(first.next, 3);
    expect(second.requests.map((row) => row.id)).toEqual(["req-a"]);
    expect(second.next).toBeNull();
  });

  test("the dashboard counts the open and in-progress requests already there", () => {
    expect(db.query(DASHBOARD_OTHER_COUNTS_SQL).get()).toMatchObject({ activeCustomRequests: 3 });
  });
});

describe("the plans after migration 0043", () => {
  beforeEach(() => migrate(db));

  test("the custom requests list walks custom_requests_newest in its order and stops at the page: no sort, no scan of the rest", () => {
    expect(planOf(REQUEST_LIST_READS.first)).toEqual(["SCAN custom_requests USING INDEX custom_requests_newest"]);
    expect(planOf(REQUEST_LIST_READS.after)).toEqual(["SEARCH custom_requests USING INDEX custom_requests_newest (created_at<?)"]);
    expect(REQUEST_LIST_READS.first).toContain("LIMIT ?1");
    expect(REQUEST_LIST_READS.after).toContain("LIMIT ?3");
  });

  test("a page's attachments are read by the page's requests, never every attachment", () => {
    const plan = planOf(REQUEST_LIST_READS.attachments);
    expect(plan.filter((step) => step.startsWith("SCAN custom_request_attachments"))).toEqual([]);
    expect(plan).toContain("SEARCH custom_request_attachments USING INDEX custom_request_attachments_by_request (request_id=?)");
  });

  test("an order's removed files are read by the order: no scan of uploads or quotes", () => {
    const plan = planOf(REMOVED_FILES_SQL);
    expect(plan).toContain("SEARCH uploads USING INDEX uploads_by_order (order_id=?)");
    expect(plan).toContain("SEARCH q USING INDEX quotes_by_order (order_id=?)");
    expect(plan.filter((step) => step.startsWith("SCAN"))).toEqual([]);
  });

  test("the request an order was paid by is found through quotes_by_order", () => {
    expect(planOf(REQUEST_OF_ORDER_SQL)).toEqual([
      "SEARCH q USING INDEX quotes_by_order (order_id=?)",
      "SEARCH r USING INDEX sqlite_autoindex_custom_requests_1 (id=?)",
    ]);
  });

  test("the dashboard's count of active requests reads only the active ones", () => {
    const plan = planOf(DASHBOARD_OTHER_COUNTS_SQL);
    expect(plan).toContain("SEARCH custom_requests USING COVERING INDEX custom_requests_active (status=?)");
    expect(plan.filter((step) => step.startsWith("SCAN custom_requests"))).toEqual([]);
  });

  test("the digest's waiting quotes are read in their order from the waiting ones alone", () => {
    expect(planOf(WAITING_QUOTES_SQL)).toEqual(["SEARCH quotes USING INDEX quotes_waiting_by_day (valid_until>?)"]);
  });

  test("the payouts page's lines come by payout in one query, each linked order and refund by its index", () => {
    const plan = planOf(PAYOUT_LINES_SQL);
    expect(plan).toContain("SEARCH l USING INDEX payout_lines_by_payout (payout_id=?)");
    expect(plan.filter((step) => /^SCAN (l|o|r|orders|refunds|payout_lines)\b/.test(step))).toEqual([]);
  });

  test("the discount codes list walks the code's own index from the cursor: no sort, no scan of the codes before it", () => {
    expect(planOf(DISCOUNT_CODE_PAGES.first)).toEqual(["SCAN discount_codes USING INDEX sqlite_autoindex_discount_codes_1"]);
    expect(planOf(DISCOUNT_CODE_PAGES.after)).toEqual(["SEARCH discount_codes USING INDEX sqlite_autoindex_discount_codes_1 (code>?)"]);
  });

  test("the clean-up reads the orders with files still kept, never every upload or every dispatched order", () => {
    const kept = planOf(ORDERS_WITH_KEPT_FILES_SQL);
    expect(kept).toContain("SEARCH uploads USING INDEX uploads_kept_by_order (order_id>?)");
    expect(kept).toContain("SEARCH q USING INDEX quotes_by_order (order_id>?)");
    expect(kept.filter((step) => step.startsWith("SCAN"))).toEqual([]);
    const dispatched = planOf(DISPATCHED_BEFORE_SQL);
    expect(dispatched).toContain("SEARCH o USING INDEX sqlite_autoindex_orders_1 (id=?)");
    expect(dispatched).toContain("SEARCH e USING INDEX order_stage_events_by_order (order_id=?)");
    expect(dispatched.filter((step) => /^SCAN (o|orders|e|order_stage_events)\b/.test(step))).toEqual([]);
  });

  test("the holds' hourly run reads the waiting holds in their order, never every hold", () => {
    const plan = planOf(WAITING_HOLDS_SQL);
    expect(plan).toContain("SCAN h USING INDEX order_holds_waiting");
    expect(plan.filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
  });

  test("the orphan sweep names the kept files through indexes of those alone, never every upload or attachment row", () => {
    const plan = planOf(FILES_KEPT_SQL);
    expect(plan).toContain("SCAN uploads USING COVERING INDEX uploads_on_disk");
    expect(plan).toContain("SCAN custom_request_attachments USING COVERING INDEX custom_request_attachments_on_disk");
    expect(plan.filter((step) => /^SCAN (uploads|custom_request_attachments)$/.test(step))).toEqual([]);
  });
});
