import { afterEach, describe, expect, test } from "bun:test";
import { listOutbox } from "../../src/modules/outbox/service";
import { createOwnerShop, type OwnerShop } from "../support/admin";
import { buyThroughDemoCheckout, units } from "../support/checkout";
import { addProduct, BIRD_FEEDER } from "../support/factories";
import { ASK, answerHold, askCustomer, shopperOrder, tokenOf } from "../support/holds";

// Reminders after 2 and 5 working days, and the hold's default once its window has passed
// (docs/decisions/0048-order-holds.md), driven by the job's date argument. Asked on Thursday 3 December 2026 at
// 10:00 (GMT, so UK time); the working days after it: Fri 4, Mon 7 (2), Tue 8, Wed 9, Thu 10 (5), … Thu 17 (10).

const OWNER = "owner@strata.test";
const ASKED = new Date("2026-12-03T10:00:00Z");
const day = (iso: string) => new Date(`${iso}T09:00:00Z`);

let shop: OwnerShop;
afterEach(() => shop.close());

async function held(body: object = ASK) {
  shop = await createOwnerShop({ OWNER_EMAIL: OWNER }, { now: () => ASKED });
  addProduct(shop.db, { ...BIRD_FEEDER, stock: 5 });
  const { orderId } = await buyThroughDemoCheckout(shop, units(1, { id: "feeder" }));
  shop.db.query("UPDATE orders SET dispatch_by = ? WHERE id = ?").run("2026-12-08", orderId);
  const made = await askCustomer(shop, orderId, body);
  expect(made.status).toBe(201);
  return { orderId, holdId: made.body.id, token: tokenOf(made.body.url) };
}

function sent(orderId: string, kind: string) {
  return listOutbox(shop.db, { orderId }).filter((row) => row.kind === kind);
}

describe("reminders", () => {
  test("none on the first working day; one after 2 working days, once however often the job runs", async () => {
    const { orderId, holdId } = await held();
    expect(shop.deps.holds.runDue(day("2026-12-04"))).toEqual({ reminded: 0, lapsed: 0 });
    expect(sent(orderId, "hold-reminder")).toHaveLength(0);
    // The weekend does not count: Saturday and Sunday are still the first working day's wait.
    shop.deps.holds.runDue(day("2026-12-06"));
    expect(sent(orderId, "hold-reminder")).toHaveLength(0);
    expect(shop.deps.holds.runDue(day("2026-12-07"))).toEqual({ reminded: 1, lapsed: 0 });
    shop.deps.holds.runDue(new Date("2026-12-07T17:00:00Z"));
    const reminders = sent(orderId, "hold-reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toContain("A reminder: your order");
    expect(reminders[0]?.text).toContain(`/order/${orderId}/hold/${holdId}?t=`);
  });

  test("a second after 5 working days, and none while the shopper's change waits for the owner", async () => {
    const { orderId, holdId, token } = await held();
    shop.deps.holds.runDue(day("2026-12-07"));
    shop.deps.holds.runDue(day("2026-12-10"));
    expect(sent(orderId, "hold-reminder")).toHaveLength(2);
    await answerHold(shop, orderId, holdId, "changes", { t: token, message: "Brighter, please." });
    shop.deps.holds.runDue(day("2026-12-15"));
    expect(sent(orderId, "hold-reminder")).toHaveLength(2);
  });
});

describe("the window's default", () => {
  test("approve as sent: after 10 working days the hold lapses and the promise counts on, the owner told", async () => {
    const { orderId, holdId, token } = await held({ ...ASK, default_action: "approve" });
    expect(shop.deps.holds.runDue(day("2026-12-16"))).toEqual({ reminded: 1, lapsed: 0 });
    expect(shop.deps.holds.runDue(day("2026-12-17"))).toEqual({ reminded: 0, lapsed: 1 });
    const order = await shopperOrder(shop, orderId);
    expect(order.body.stage).toBe("queued");
    expect(order.body.hold).toMatchObject({ id: holdId, status: "lapsed" });
    // Three working days were left when it paused; counted on from Thursday 17: Fri 18, Mon 21, Tue 22.
    expect(order.body.dispatch_by).toBe("2026-12-22");
    expect(sent(orderId, "dispatch-date")[0]?.text).toContain("so we went ahead with the proof as sent");
    expect(sent(orderId, "hold-answer")[0]?.subject).toContain("did not answer in time");
    // Closed: the shopper's late answer is refused naming the state, and the job does nothing more.
    const late = await answerHold(shop, orderId, holdId, "approve", { t: token });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: "This question is closed: its time to answer ran out, so it cannot be answered again." } as never);
    expect(shop.deps.holds.runDue(day("2026-12-18"))).toEqual({ reminded: 0, lapsed: 0 });
  });

  test("keep waiting: after the window the order still waits and the owner is told once", async () => {
    const { orderId } = await held({ ...ASK, default_action: "wait", window_days: 3 });
    shop.deps.holds.runDue(day("2026-12-08"));
    shop.deps.holds.runDue(day("2026-12-09"));
    expect((await shopperOrder(shop, orderId)).body.stage).toBe("waiting");
    const told = sent(orderId, "hold-window");
    expect(told).toHaveLength(1);
    expect(told[0]?.recipient).toBe(OWNER);
    expect(told[0]?.subject).toContain("has not answered in time; the order keeps waiting");
  });
});
