import { afterEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { ASK, answerHold, askCustomer, shopperOrder, tokenOf } from "../support/holds";

// While a hold waits the promised working days stop counting; on approval the new dispatch day is the approval day
// plus the working days that were left, stored with its reason and emailed as a moved date
// (docs/decisions/0048-order-holds.md). The shop's clock is fixed and moved by the test; the cut-off is the
// default 14:00 UK time, and December is GMT, so the instants below are UK times too.

let shop: OwnerShop;
let clock = new Date("2026-12-03T10:00:00Z");
afterEach(() => shop.close());

async function heldOrder(promised: string): Promise<{ orderId: string; holdId: string; token: string }> {
  shop = await createOwnerShop({}, { now: () => clock });
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 5 });
  const { orderId } = await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }));
  // What the dispatch promise records at payment, written straight into the order.
  shop.db.query("UPDATE orders SET dispatch_by = ? WHERE id = ?").run(promised, orderId);
  const made = await askCustomer(shop, orderId, ASK);
  expect(made.status).toBe(201);
  return { orderId, holdId: made.body.id, token: tokenOf(made.body.url) };
}

function moves(orderId: string) {
  return shop.db
    .query<{ previous: string; dispatch_by: string; reason: string }, [string]>(
      "SELECT previous, dispatch_by, reason FROM order_dispatch_dates WHERE order_id = ? ORDER BY id",
    )
    .all(orderId);
}

function movedDateEmails(orderId: string) {
  return listOutbox(shop.db, { orderId }).filter((row) => row.kind === "dispatch-date");
}

describe("the promise pauses while the shopper decides", () => {
  test("paused on a Thursday, approved on the Monday: the three days left count on from Monday", async () => {
    clock = new Date("2026-12-03T10:00:00Z"); // Thursday 3 December, before the cut-off
    const { orderId, holdId, token } = await heldOrder("2026-12-08"); // Tuesday: Friday, Monday, Tuesday left
    const waiting = await shopperOrder(shop, orderId);
    expect(waiting.body.stage).toBe("waiting");

    clock = new Date("2026-12-07T09:00:00Z"); // Monday 7 December, before the cut-off
    expect((await answerHold(shop, orderId, holdId, "approve", { t: token })).status).toBe(200);
    // Monday counts, then Tuesday, Wednesday, Thursday.
    expect((await shopperOrder(shop, orderId)).body.dispatch_by).toBe("2026-12-10");
    expect(moves(orderId)).toEqual([
      {
        previous: "2026-12-08",
        dispatch_by: "2026-12-10",
        reason: "You approved the proof on Monday 7 December 2026; the working days left when we paused count on from then.",
      },
    ]);
    const [email] = movedDateEmails(orderId);
    expect(email?.text).toContain("We now expect to dispatch your order");
    expect(email?.text).toContain("by Thursday 10 December 2026 (was Tuesday 8 December 2026)");
  });

  test("approved after the cut-off on Christmas Eve: the bank holidays and the weekend do not count", async () => {
    clock = new Date("2026-12-16T10:00:00Z"); // Wednesday 16 December
    const { orderId, holdId, token } = await heldOrder("2026-12-21"); // Thursday, Friday, Monday left
    clock = new Date("2026-12-24T15:00:00Z"); // Thursday 24 December, after the cut-off
    expect((await answerHold(shop, orderId, holdId, "approve", { t: token })).status).toBe(200);
    // Counts from Tuesday 29 (25 and 28 are bank holidays, 26–27 the weekend): Wednesday 30, Thursday 31 and,
    // past New Year's Day, Monday 4 January.
    expect((await shopperOrder(shop, orderId)).body.dispatch_by).toBe("2027-01-04");
    expect(moves(orderId).map((move) => move.previous)).toEqual(["2026-12-21"]);
    expect(movedDateEmails(orderId)).toHaveLength(1);
  });

  test("approved the same day it was asked: the day stands, nothing moves, no email", async () => {
    clock = new Date("2026-12-03T10:00:00Z");
    const { orderId, holdId, token } = await heldOrder("2026-12-08");
    clock = new Date("2026-12-03T11:30:00Z");
    expect((await answerHold(shop, orderId, holdId, "approve", { t: token })).status).toBe(200);
    expect((await shopperOrder(shop, orderId)).body.dispatch_by).toBe("2026-12-08");
    expect(moves(orderId)).toEqual([]);
    expect(movedDateEmails(orderId)).toHaveLength(0);
  });

  test("a promise already due when asked has no days left: it is due the day the answer counts from", async () => {
    clock = new Date("2026-12-09T10:00:00Z"); // Wednesday 9 December; the order was due on the Monday
    const { orderId, holdId, token } = await heldOrder("2026-12-07");
    clock = new Date("2026-12-11T16:00:00Z"); // Friday after the cut-off: counts from Monday 14
    expect((await answerHold(shop, orderId, holdId, "approve", { t: token })).status).toBe(200);
    expect((await shopperOrder(shop, orderId)).body.dispatch_by).toBe("2026-12-14");
  });

  test("a cancelled hold moves no date", async () => {
    clock = new Date("2026-12-03T10:00:00Z");
    const { orderId, holdId, token } = await heldOrder("2026-12-08");
    clock = new Date("2026-12-07T09:00:00Z");
    expect((await answerHold(shop, orderId, holdId, "cancel", { t: token })).status).toBe(200);
    expect(moves(orderId)).toEqual([]);
    expect(movedDateEmails(orderId)).toHaveLength(0);
  });
});

describe("the To make queue", () => {
  test("a held order is in the queue reading waiting, with when it was asked", async () => {
    clock = new Date("2026-12-03T10:00:00Z");
    const { orderId, holdId } = await heldOrder("2026-12-08");
    const queue =
      await shop.call<{ id: string; stage: string; hold: { id: string; status: string; since: string } | null }[]>(
        "/api/admin/orders/to-make",
      );
    expect(queue.status).toBe(200);
    expect(queue.body).toHaveLength(1);
    expect(queue.body[0]).toMatchObject({
      id: orderId,
      stage: "waiting",
      hold: { id: holdId, status: "waiting", since: "2026-12-03T10:00:00.000Z" },
    });
  });
});
