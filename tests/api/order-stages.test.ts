import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { ukToday } from "../../shared/uk-day";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { mainOf, textOf } from "../support/html";
import { storeOrder } from "../support/stored-orders";
import { countRows } from "../support/test-app";

// The stages an order is moved through (queued, printing, finishing, packed;
// dispatched only by tracking), the promised dispatch date moved with a reason
// and the shopper's email, and the owner's "To make" queue
// (docs/decisions/0016-production-stages.md). Every order is a real one:
// checkout, demo payment, confirm. Where an order needs a promised day, the
// test writes orders.dispatch_by itself (the dispatch promise sets it at payment:
// docs/decisions/0015-working-days.md).

const NOT_FOUND = { error: "Order not found." };
const CANCELLED = { error: "This order is cancelled and cannot be updated." };
const BAD_STAGE = { error: "Stage must be one of queued, printing, finishing, packed or dispatched." };
const BY_TRACKING = { error: "An order is dispatched by adding its tracking: save a carrier and tracking number instead." };
const STAGE_DISPATCHED = { error: "This order has already been dispatched, so its stage can no longer change." };
const DATE_DISPATCHED = { error: "This order has already been dispatched, so its dispatch date can no longer move." };
const BAD_DAY = { error: "The dispatch date must be a real date written YYYY-MM-DD." };
const PAST_DAY = { error: "The dispatch date cannot be in the past (UK time): choose today or a later day." };
const SAME_DAY = { error: "This order is already due for dispatch by that day: choose a different date." };
const NO_REASON = { error: "Give a reason for the new dispatch date: the shopper is told it by email." };
const LONG_REASON = { error: "The reason must be at most 500 characters." };
const BAD_FILTER = { error: "Filter the queue by one of queued, printing, finishing or packed." };
const SHIPMENT = { carrier: "Royal Mail", number: "RM123456789GB", url: "" };
const REASON = "The printer's nozzle clogged overnight; the reprint starts tomorrow.";

type Mark = { stage: string; at: string };
type Production = { stage: string | null; stages: Mark[]; dispatch_by: string | null; dispatch_dates: Record<string, unknown>[] };
type Answer = { order: Production & { id: string; status: string; emails: { kind: string }[] } };
type Queued = Production & { id: string; overdue: boolean; items: Record<string, unknown>[] };

let shop: OwnerShop;

beforeEach(async () => {
  shop = await createOwnerShop();
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 50 });
});
afterEach(() => shop.close());

async function buy(): Promise<string> {
  return (await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }))).orderId;
}

/** A UK day `days` after today (negative: before), as YYYY-MM-DD. */
function ukDay(days: number): string {
  const today = new Date(`${ukToday(new Date())}T00:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the dispatch promise records at payment, written straight into the order. */
function promise(orderId: string, day: string | null): void {
  shop.db.query("UPDATE orders SET dispatch_by = ? WHERE id = ?").run(day, orderId);
}

function moveStage(orderId: string, body: unknown) {
  return shop.call<Answer>(`/api/admin/orders/${orderId}/stage`, { method: "POST", body });
}

function moveDate(orderId: string, body: unknown) {
  return shop.call<Answer>(`/api/admin/orders/${orderId}/dispatch-date`, { method: "POST", body });
}

function stageEvents(orderId: string): string[] {
  return shop.db
    .query<{ stage: string }, [string]>("SELECT stage FROM order_stage_events WHERE order_id = ? ORDER BY id")
    .all(orderId)
    .map((row) => row.stage);
}

function emailsOfKind(orderId: string, kind: string) {
  return listOutbox(shop.db, { orderId }).filter((row) => row.kind === kind);
}

/** Everything a stage or date call could touch, to prove a refused one changed nothing. */
function snapshot(): string {
  const tables = ["orders", "order_stage_events", "order_dispatch_dates", "email_outbox"];
  return JSON.stringify(tables.map((table) => shop.db.query(`SELECT * FROM ${table} ORDER BY rowid`).all()));
}

/** Sends a call that must be refused, and checks its status, its exact message and that nothing was stored. */
async function refused(call: () => Promise<{ status: number; body: unknown }>, status: number, body: unknown): Promise<void> {
  const before = snapshot();
  const answer = await call();
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual(body);
  expect(snapshot()).toBe(before);
}

/** Walks an order forward to `stage`, one step at a time, as the owner's taps do. */
async function walkTo(orderId: string, stages: string[]): Promise<void> {
  for (const stage of stages) expect((await moveStage(orderId, { stage })).status).toBe(200);
}

describe("a paid order's stage", () => {
  test("payment puts the order in 'queued' with one stage event, timed as the order was placed", async () => {
    const id = await buy();
    const { body } = await shop.call<Production & { created_at: string }>(`/api/admin/orders/${id}`);
    expect(body.stage).toBe("queued");
    expect(body.stages).toEqual([{ stage: "queued", at: body.created_at }]);
    expect(stageEvents(id)).toEqual(["queued"]);
  });

  test("the owner moves an order forward one stage: 200, the new stage and a timestamped event", async () => {
    const id = await buy();
    const { status, body } = await moveStage(id, { stage: "printing" });
    expect(status).toBe(200);
    expect(body.order.stage).toBe("printing");
    expect(body.order.stages.map((mark) => mark.stage)).toEqual(["queued", "printing"]);
    expect(body.order.stages[1]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(stageEvents(id)).toEqual(["queued", "printing"]);
    expect(body.order.status).toBe("paid");
  });

  test("forward through printing, finishing and packed; back one step takes the later stage off the timeline", async () => {
    const id = await buy();
    await walkTo(id, ["printing", "finishing", "packed"]);
    const { status, body } = await moveStage(id, { stage: "finishing" });
    expect(status).toBe(200);
    expect(body.order.stage).toBe("finishing");
    expect(body.order.stages.map((mark) => mark.stage)).toEqual(["queued", "printing", "finishing"]);
    expect(stageEvents(id)).toEqual(["queued", "printing", "finishing", "packed", "finishing"]);
  });

  test("asking for the stage the order is already in (a double tap) answers 200 and records nothing", async () => {
    const id = await buy();
    await walkTo(id, ["printing"]);
    const before = snapshot();
    const { status, body } = await moveStage(id, { stage: "printing" });
    expect(status).toBe(200);
    expect(body.order.stage).toBe("printing");
    expect(snapshot()).toBe(before);
  });

  test("the inner stages send the shopper no email", async () => {
    const id = await buy();
    const before = countRows(shop.db, "email_outbox");
    await walkTo(id, ["printing", "finishing", "packed"]);
    expect(countRows(shop.db, "email_outbox")).toBe(before);
  });

  test("saving tracking dispatches the order: stage 'dispatched' with its event, and the tracking email is the dispatch email", async () => {
    const id = await buy();
    await walkTo(id, ["printing", "finishing", "packed"]);
    const { status, body } = await shop.call<Answer>(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    expect(status).toBe(200);
    expect(body.order.status).toBe("fulfilled");
    expect(body.order.stage).toBe("dispatched");
    expect(body.order.stages.map((mark) => mark.stage)).toEqual(["queued", "printing", "finishing", "packed", "dispatched"]);
    expect(emailsOfKind(id, "tracking")).toHaveLength(1);
    // Saving the shipment again (a corrected number) does not dispatch it twice.
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: { ...SHIPMENT, number: "RM000000000GB" } });
    expect(stageEvents(id).filter((stage) => stage === "dispatched")).toHaveLength(1);
  });

  test("marking an order fulfilled through the status call dispatches it too; taken back to paid it waits packed", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    const back = await shop.call<Answer>(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "paid" } });
    expect(back.body.order.stage).toBe("packed");
    const again = await shop.call<Answer>(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "fulfilled" } });
    expect(again.body.order.stage).toBe("dispatched");
    expect(stageEvents(id)).toEqual(["queued", "dispatched", "packed", "dispatched"]);
  });

  test("cancelling leaves the stages: stage null, the history stays", async () => {
    const id = await buy();
    await walkTo(id, ["printing"]);
    const { body } = await shop.call<Answer>(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "canceled" } });
    expect(body.order.status).toBe("canceled");
    expect(body.order.stage).toBeNull();
    expect(stageEvents(id)).toEqual(["queued", "printing"]);
  });
});

describe("a stage move that is refused changes nothing", () => {
  test("an unknown stage: 400 listing the stages", async () => {
    const id = await buy();
    await refused(() => moveStage(id, { stage: "shipping" }), 400, BAD_STAGE);
  });

  test("no stage at all: 400 listing the stages", async () => {
    const id = await buy();
    await refused(() => moveStage(id, {}), 400, BAD_STAGE);
  });

  test("a stage that is not text: 400 listing the stages", async () => {
    const id = await buy();
    await refused(() => moveStage(id, { stage: 2 }), 400, BAD_STAGE);
  });

  test("a jump of two stages forward: 409 saying one stage at a time", async () => {
    const id = await buy();
    await refused(() => moveStage(id, { stage: "finishing" }), 409, {
      error: "An order moves one stage at a time: from queued it can go only to the stage just before or after it, not to finishing.",
    });
  });

  test("a jump of two stages back: 409 saying one stage at a time", async () => {
    const id = await buy();
    await walkTo(id, ["printing", "finishing"]);
    await refused(() => moveStage(id, { stage: "queued" }), 409, {
      error: "An order moves one stage at a time: from finishing it can go only to the stage just before or after it, not to queued.",
    });
  });

  test("'dispatched' asked for here, even from packed: 409 saying to add tracking", async () => {
    const id = await buy();
    await walkTo(id, ["printing", "finishing", "packed"]);
    await refused(() => moveStage(id, { stage: "dispatched" }), 409, BY_TRACKING);
  });

  test("a cancelled order: 409 saying it is cancelled", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "canceled" } });
    await refused(() => moveStage(id, { stage: "printing" }), 409, CANCELLED);
  });

  test("a dispatched order: 409 saying it has been dispatched", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    await refused(() => moveStage(id, { stage: "packed" }), 409, STAGE_DISPATCHED);
  });

  test("an unknown order: 404 Order not found.", async () => {
    await buy();
    await refused(() => moveStage("ORD-0000000000000000000000000", { stage: "printing" }), 404, NOT_FOUND);
  });

  test("signed out: 401 and nothing changes", async () => {
    const id = await buy();
    const before = snapshot();
    const response = await shop.request(`/api/admin/orders/${id}/stage`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ stage: "printing" }),
    });
    expect(response.status).toBe(401);
    expect(snapshot()).toBe(before);
  });
});

describe("moving the promised dispatch date", () => {
  test("a new day with a reason: 200, the order's new day, the move recorded previous → new, one email queued", async () => {
    const id = await buy();
    const was = ukDay(3);
    const next = ukDay(5);
    promise(id, was);
    const { status, body } = await moveDate(id, { dispatch_by: next, reason: `  ${REASON}  ` });
    expect(status).toBe(200);
    expect(body.order.dispatch_by).toBe(next);
    expect(body.order.dispatch_dates).toEqual([{ previous: was, dispatch_by: next, reason: REASON, at: expect.stringMatching(/Z$/) }]);
    expect(body.order.emails.filter((email) => email.kind === "dispatch-date")).toHaveLength(1);
  });

  test("the shopper's email names the new day, the owner's reason, the day it was and the order's link", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await moveDate(id, { dispatch_by: "2099-12-03", reason: REASON });
    const [email, ...more] = emailsOfKind(id, "dispatch-date");
    expect(more).toHaveLength(0);
    expect(email?.recipient).toBe("ada@example.co.uk");
    expect(email?.subject).toBe(`Your Strata order ${id} has a new dispatch date`);
    expect(email?.text).toContain(`We now expect to dispatch your order ${id} by Thursday 3 December 2099 (was Tuesday 1 December 2099).`);
    expect(email?.text).toContain(REASON);
    expect(email?.text).toContain(`http://shop.test/order/${id}`);
    expect(email?.html).toContain("Thursday 3 December 2099");
    expect(email?.html).toContain("was Tuesday 1 December 2099");
    expect(email?.html).toContain(REASON.replace("'", "&#x27;"));
  });

  test("an order that had no promised day: the move records previous null and the email has no 'was'", async () => {
    const id = await buy();
    promise(id, null);
    const { body } = await moveDate(id, { dispatch_by: "2099-12-03", reason: REASON });
    expect(body.order.dispatch_dates[0]).toMatchObject({ previous: null, dispatch_by: "2099-12-03" });
    expect(emailsOfKind(id, "dispatch-date")[0]?.text).toContain(`by Thursday 3 December 2099.`);
    expect(emailsOfKind(id, "dispatch-date")[0]?.text).not.toContain("was ");
  });

  test("today (UK) is not in the past", async () => {
    const id = await buy();
    promise(id, ukDay(2));
    const { status, body } = await moveDate(id, { dispatch_by: ukDay(0), reason: "Finished early." });
    expect(status).toBe(200);
    expect(body.order.dispatch_by).toBe(ukDay(0));
  });

  test("a double submit of the same day and reason makes one move and one email", async () => {
    const id = await buy();
    promise(id, ukDay(3));
    const request = { dispatch_by: ukDay(6), reason: REASON };
    const [first, second] = await Promise.all([moveDate(id, request), moveDate(id, request)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(countRows(shop.db, "order_dispatch_dates")).toBe(1);
    expect(emailsOfKind(id, "dispatch-date")).toHaveLength(1);
  });

  test("each real move is its own email: moved twice, two emails, the second 'was' the first move's day", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await moveDate(id, { dispatch_by: "2099-12-03", reason: REASON });
    await moveDate(id, { dispatch_by: "2099-12-08", reason: "A part is late from the supplier." });
    const emails = emailsOfKind(id, "dispatch-date");
    expect(emails).toHaveLength(2);
    expect(emails[0]?.text).toContain("by Tuesday 8 December 2099 (was Thursday 3 December 2099).");
  });

  test("the customer's look-up carries stage, stages, dispatch_by and the moves", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await walkTo(id, ["printing"]);
    await moveDate(id, { dispatch_by: "2099-12-03", reason: REASON });
    const { status, body } = await shop.json<Production>(`/api/orders/${id}?postalCode=SW1Y%204JH`);
    expect(status).toBe(200);
    expect(body.stage).toBe("printing");
    expect(body.stages.map((mark) => mark.stage)).toEqual(["queued", "printing"]);
    expect(body.dispatch_by).toBe("2099-12-03");
    expect(body.dispatch_dates).toEqual([{ previous: "2099-12-01", dispatch_by: "2099-12-03", reason: REASON, at: expect.any(String) }]);
  });
});

describe("a date move that is refused changes nothing", () => {
  test("a day in the past (UK): 400", async () => {
    const id = await buy();
    promise(id, ukDay(2));
    await refused(() => moveDate(id, { dispatch_by: ukDay(-1), reason: REASON }), 400, PAST_DAY);
  });

  test("a day that does not exist (30 February): 400", async () => {
    const id = await buy();
    await refused(() => moveDate(id, { dispatch_by: "2099-02-30", reason: REASON }), 400, BAD_DAY);
  });

  test("a day not written YYYY-MM-DD: 400", async () => {
    const id = await buy();
    await refused(() => moveDate(id, { dispatch_by: "3 December 2099", reason: REASON }), 400, BAD_DAY);
  });

  test("no day at all: 400", async () => {
    const id = await buy();
    await refused(() => moveDate(id, { reason: REASON }), 400, BAD_DAY);
  });

  test("no reason: 400", async () => {
    const id = await buy();
    await refused(() => moveDate(id, { dispatch_by: "2099-12-03" }), 400, NO_REASON);
  });

  test("a reason of only spaces: 400", async () => {
    const id = await buy();
    await refused(() => moveDate(id, { dispatch_by: "2099-12-03", reason: "   " }), 400, NO_REASON);
  });

  test("a reason of 501 characters: 400 (500 is the most)", async () => {
    const id = await buy();
    await refused(() => moveDate(id, { dispatch_by: "2099-12-03", reason: "x".repeat(501) }), 400, LONG_REASON);
    expect((await moveDate(id, { dispatch_by: "2099-12-03", reason: "x".repeat(500) })).status).toBe(200);
  });

  test("the day the order is already due, with a new reason: 409", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await refused(() => moveDate(id, { dispatch_by: "2099-12-01", reason: REASON }), 409, SAME_DAY);
  });

  test("a cancelled order: 409 saying it is cancelled", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "canceled" } });
    await refused(() => moveDate(id, { dispatch_by: "2099-12-03", reason: REASON }), 409, CANCELLED);
  });

  test("a dispatched order: 409 saying it has been dispatched", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    await refused(() => moveDate(id, { dispatch_by: "2099-12-03", reason: REASON }), 409, DATE_DISPATCHED);
  });

  test("an unknown order: 404 Order not found.", async () => {
    await buy();
    await refused(() => moveDate("ORD-0000000000000000000000000", { dispatch_by: "2099-12-03", reason: REASON }), 404, NOT_FOUND);
  });
});

describe("the owner's To make queue", () => {
  function toMake<T = Queued[]>(query = "") {
    return shop.call<T>(`/api/admin/orders/to-make${query}`);
  }

  test("paid orders not yet dispatched, soonest promise first, no promise last, overdue ones marked", async () => {
    const [late, soon, none, later, shipped, cancelled] = [await buy(), await buy(), await buy(), await buy(), await buy(), await buy()];
    promise(late, ukDay(-2));
    promise(soon, ukDay(0));
    promise(none, null);
    promise(later, ukDay(4));
    await shop.call(`/api/admin/orders/${shipped}/tracking`, { method: "POST", body: SHIPMENT });
    await shop.call(`/api/admin/orders/${cancelled}/status`, { method: "POST", body: { status: "canceled" } });
    const { status, body, response } = await toMake();
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(body.map((order) => order.id)).toEqual([late, soon, later, none]);
    expect(body.map((order) => order.overdue)).toEqual([true, false, false, false]);
    expect(body[0]).toMatchObject({ stage: "queued", dispatch_by: ukDay(-2), shipping_name: "Ada Lovelace" });
  });

  test("each row carries its lines and the shopper's uploads, for the route picture and photo thumbnails", async () => {
    const id = await buy();
    const meta = { gpxToken: "gpx-token-1", gpxName: "helvellyn.gpx", imageToken: "image-token-1", imageName: "dog.jpg" };
    shop.db.query("UPDATE order_items SET meta = ? WHERE order_id = ?").run(JSON.stringify(meta), id);
    const { body } = await toMake();
    expect(body[0]?.items).toEqual([{ product_id: "feeder", product_name: "Bird feeder", quantity: 1, meta }]);
  });

  test("filtered by stage: only the orders in that stage", async () => {
    const [queued, printing] = [await buy(), await buy()];
    await walkTo(printing, ["printing"]);
    expect((await toMake("?stage=printing")).body.map((order) => order.id)).toEqual([printing]);
    expect((await toMake("?stage=queued")).body.map((order) => order.id)).toEqual([queued]);
  });

  describe("a page at a time", () => {
    /**
     * 125 orders waiting (more than two pages), written straight into the database: promised days shared by many,
     * some made at the very same moment (so only the rowid tells them apart), some with no promise at all.
     */
    function manyWaiting(): string[] {
      const days = [ukDay(-3), ukDay(0), ukDay(2), null];
      for (let n = 0; n < 125; n++) {
        const id = `ORD-QUEUE${String(n).padStart(3, "0")}`;
        storeOrder(shop.db, { id, createdAt: `2026-01-0${1 + (n % 3)}T10:00:00.000Z` });
        shop.db
          .query("UPDATE orders SET stage = ?, dispatch_by = ? WHERE id = ?")
          .run(n % 5 === 0 ? "printing" : "queued", days[n % 4] ?? null, id);
      }
      // The queue's order worked out here: soonest day first, none last, then the moment, then the rowid.
      const rows = shop.db
        .query<{ id: string; day: string | null; at: string; rowid: number }, []>(
          "SELECT id, dispatch_by AS day, created_at AS at, rowid FROM orders WHERE id LIKE 'ORD-QUEUE%'",
        )
        .all();
      const key = (row: (typeof rows)[number]) =>
        [row.day === null ? 1 : 0, row.day ?? "", row.at, String(row.rowid).padStart(12, "0")].join("|");
      return rows.sort((a, b) => (key(a) < key(b) ? -1 : 1)).map((row) => row.id);
    }

    async function walk(query: string) {
      const pages: Queued[][] = [];
      const totals: (string | null)[] = [];
      let answer = await toMake(query);
      for (;;) {
        expect(answer.status).toBe(200);
        pages.push(answer.body);
        totals.push(answer.response.headers.get("x-total-count"));
        const next = answer.response.headers.get("x-next-cursor");
        if (!next) return { pages, totals };
        answer = await toMake(`${query ? `${query}&` : "?"}cursor=${encodeURIComponent(next)}`);
      }
    }

    test("50 orders a page, soonest promise first: following X-Next-Cursor gives every order once, in the queue's order", async () => {
      const expected = manyWaiting();
      const { pages, totals } = await walk("");
      expect(pages.map((page) => page.length)).toEqual([50, 50, 25]);
      expect(totals).toEqual(["125", "125", "125"]);
      expect(pages.flat().map((order) => order.id)).toEqual(expected);
      expect(pages[0]![0]).toMatchObject({ overdue: true, stage: expect.any(String), items: [expect.objectContaining({ quantity: 1 })] });
    });

    test("filtered by stage, the pages hold only that stage's orders and count only them", async () => {
      const expected = manyWaiting().filter((id) => Number(id.slice(-3)) % 5 === 0);
      const { pages, totals } = await walk("?stage=printing");
      expect(pages.flat().map((order) => order.id)).toEqual(expected);
      expect(totals).toEqual(["25"]);
    });

    test("a cursor the queue did not give: 400 saying to start again", async () => {
      manyWaiting();
      for (const cursor of ["nonsense", Buffer.from(JSON.stringify(["2026-13-45", "2026-01-01T10:00:00.000Z", 1])).toString("base64url")]) {
        const { status, body } = await toMake<unknown>(`?cursor=${cursor}`);
        expect(status).toBe(400);
        expect(body).toEqual({
          error: "This cursor is not one the To make queue gave. Start again from the first page (leave out cursor).",
        });
      }
    });
  });

  test("an unknown stage filter: 400 listing the stages the queue has", async () => {
    await buy();
    const { status, body } = await toMake<unknown>("?stage=dispatched");
    expect(status).toBe(400);
    expect(body).toEqual(BAD_FILTER);
  });
});

describe("the order page shows the stages and the promised day, without JavaScript", () => {
  /** The page's plain form post, as a browser without JavaScript sends it. */
  async function postLookup(orderId: string, postalCode: string) {
    const response = await shop.request(`/order/${orderId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ postalCode }).toString(),
    });
    const page = await response.text();
    const html = page.includes("<main") ? mainOf(page) : page;
    return { status: response.status, response, html, text: textOf(html) };
  }

  test("the page's form posts the postcode to the page itself, never into the address bar", async () => {
    const id = await buy();
    const { body } = await shop.html(`/order/${id}`);
    const form = /<form class="card form lookup-form"[^>]*>/.exec(body)?.[0] ?? "";
    expect(form).toContain(`action="/order/${id}"`);
    expect(form).toContain(`method="post"`);
    // The button works before any script has run.
    expect(body).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
  });

  test("the right postcode shows the timeline, each reached stage's time, and the promised day", async () => {
    const id = await buy();
    promise(id, "2099-12-03");
    await walkTo(id, ["printing"]);
    const { status, response, text } = await postLookup(id, "sw1y 4jh");
    expect(status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(text).toContain("Dispatch by Thursday 3 December 2099");
    expect(text).toMatch(
      /Queued \d{1,2} \w+ \d{4} at \d\d:\d\d Printing \d{1,2} \w+ \d{4} at \d\d:\d\d Finishing Not yet Packed Not yet Dispatched Not yet/,
    );
    expect(text).not.toContain("was ");
  });

  test("a moved day shows 'was …' and the owner's reason", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await moveDate(id, { dispatch_by: "2099-12-03", reason: REASON });
    const { text } = await postLookup(id, "SW1Y 4JH");
    expect(text).toContain(`Dispatch by Thursday 3 December 2099 was Tuesday 1 December 2099 ${REASON}`);
  });

  test("a dispatched order shows every stage reached", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    const { text } = await postLookup(id, "SW1Y 4JH");
    expect(text).toMatch(/Dispatched \d{1,2} \w+ \d{4} at \d\d:\d\d/);
    expect(text).not.toContain("Not yet");
  });

  test("a dispatched order leads with the carrier and the tracking link, before the progress and the stages", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    const { text, html } = await postLookup(id, "SW1Y 4JH");
    expect(text).toMatch(/On its way Sent with Royal Mail on \d{1,2} \w+ \d{4} at \d\d:\d\d\. Tracking number RM123456789GB/);
    const tracking = html.indexOf(">RM123456789GB</a>");
    expect(tracking).toBeGreaterThan(0);
    // Straight after the heading: nothing but the reference's Copy button stands between.
    expect(tracking).toBeLessThan(html.indexOf("</h1>") + 1200);
    expect(tracking).toBeLessThan(html.indexOf('aria-label="Stages"'));
    expect(tracking).toBeLessThan(html.indexOf(">Progress</h2>"));
    expect(tracking).toBeLessThan(html.indexOf("Bird feeder"));
    // Said once: the tracking is not repeated under the order's lines.
    expect(html.split(">RM123456789GB</a>")).toHaveLength(2);
  });

  test("a dispatched order keeps its promised dispatch date", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    const { text } = await postLookup(id, "SW1Y 4JH");
    expect(text).toContain("Promised for dispatch by Tuesday 1 December 2099");
    expect(text).not.toContain("was ");
  });

  test("a dispatched order whose date moved keeps the day, 'was …' and the owner's reason", async () => {
    const id = await buy();
    promise(id, "2099-12-01");
    await moveDate(id, { dispatch_by: "2099-12-03", reason: REASON });
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    const { text } = await postLookup(id, "SW1Y 4JH");
    expect(text).toContain(`Promised for dispatch by Thursday 3 December 2099 was Tuesday 1 December 2099 ${REASON}`);
  });

  test("an order being made says where it is once: the stages, with no second 'Status' beside them", async () => {
    const id = await buy();
    await walkTo(id, ["printing"]);
    const { text } = await postLookup(id, "SW1Y 4JH");
    expect(text).not.toContain("Status");
    expect(text).not.toContain("Processing");
    expect(text).not.toContain("On its way");
    expect(text).toContain("Placed");
  });

  test("a dispatched order says 'Dispatched' only where the stages and the tracking say it, not in a 'Status' line", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/tracking`, { method: "POST", body: SHIPMENT });
    const { text } = await postLookup(id, "SW1Y 4JH");
    expect(text).not.toContain("Status");
  });

  test("the reference has a Copy button: an island that appears only once the browser can copy", async () => {
    const id = await buy();
    for (const { html } of [await postLookup(id, "SW1Y 4JH"), await postLookup(id, "ZZ1 1ZZ")]) {
      const marker = /<div class="island" data-island="CopyReference" data-props="([^"]*)">([\s\S]*?)<\/div>/.exec(html);
      expect(marker?.[1]).toBe(`{&quot;reference&quot;:&quot;${id}&quot;}`);
      // Without JavaScript there is no button that could not work.
      expect(marker?.[2]).toBe("");
    }
  });

  test("a wrong postcode answers exactly as an unknown order of the same shape does", async () => {
    const id = await buy();
    const unknown = `ORD-${"0".repeat(id.length - 5)}Z`;
    const wrongPostcode = await postLookup(id, "ZZ1 1ZZ");
    // The same typed postcode: the form shows it again either way.
    const unknownOrder = await postLookup(unknown, "ZZ1 1ZZ");
    expect(wrongPostcode.status).toBe(404);
    expect(unknownOrder.status).toBe(404);
    expect(wrongPostcode.html.replaceAll(id, "<id>")).toBe(unknownOrder.html.replaceAll(unknown, "<id>"));
  });

  test("a cancelled order shows no timeline", async () => {
    const id = await buy();
    await shop.call(`/api/admin/orders/${id}/status`, { method: "POST", body: { status: "canceled" } });
    const { status, text } = await postLookup(id, "SW1Y 4JH");
    expect(status).toBe(200);
    expect(text).toContain("Cancelled");
    expect(text).not.toContain("Progress");
    expect(text).not.toContain("Queued");
  });

  test("a wrong postcode: 404 and the form again with 'Order not found', no order shown", async () => {
    const id = await buy();
    const { status, text } = await postLookup(id, "ZZ1 1ZZ");
    expect(status).toBe(404);
    expect(text).toContain("Order not found");
    expect(text).not.toContain("Queued");
  });

  test("no postcode: 400 and the form again with 'Please enter your postal code'", async () => {
    const id = await buy();
    const { status, text } = await postLookup(id, "  ");
    expect(status).toBe(400);
    expect(text).toContain("Please enter your postal code");
  });

  test("the plain form counts against the same look-up limit: the eleventh in a minute is 429 with Retry-After", async () => {
    const id = await buy();
    for (let attempt = 0; attempt < 10; attempt++) expect((await postLookup(id, "ZZ1 1ZZ")).status).toBe(404);
    const { status, response } = await postLookup(id, "SW1Y 4JH");
    expect(status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  test("a GET with a postcode in the query shows no order", async () => {
    const id = await buy();
    const { body } = await shop.html(`/order/${id}?postalCode=SW1Y%204JH`);
    expect(textOf(mainOf(body))).not.toContain("Queued");
  });
});
