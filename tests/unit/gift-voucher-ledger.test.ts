import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../../seed/art/common";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { writeTransaction } from "../../src/db/transaction";
import { newVoucherCode } from "../../src/modules/gift-vouchers/codes";
import { lastValidDay, ukMorning } from "../../src/modules/gift-vouchers/service";
import { createVoucherStore, type VoucherStore } from "../../src/modules/gift-vouchers/store";

// The gift voucher ledger (docs/decisions/0054-gift-vouchers.md): random sequences of every kind of row, each run
// as a use case would run it (in a write transaction, refused whole when the schema refuses it). Whatever happens,
// the balance is the sum of the voucher's rows and never below zero.

let dir: string;
let db: Database;
let store: VoucherStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "strata-ledger-"));
  db = openDatabase(join(dir, "shop.db"));
  migrate(db);
  store = createVoucherStore(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const sumOfRows = (id: string) =>
  db
    .query<{ total: number }, [string]>("SELECT COALESCE(SUM(amount_pence), 0) AS total FROM gift_voucher_ledger WHERE voucher_id = ?")
    .get(id)!.total;

function issue(amount: number) {
  return writeTransaction(db, () =>
    store.issue({
      code: newVoucherCode(),
      amount_pence: amount,
      order_id: null,
      buyer_email: null,
      recipient_email: null,
      send_on: null,
      message: null,
      expires_on: "2028-12-01",
    }),
  );
}

describe("the ledger", () => {
  test("random sequences of holds, releases, spends, refunds, adjustments and voids: the balance is the sum of rows and never below zero", () => {
    let refused = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const random = seededRandom(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const voucher = issue(1000 + pick(19_000));
      const checkouts: string[] = [];
      for (let step = 0; step < 60; step++) {
        const amount = 1 + pick(6000);
        try {
          writeTransaction(db, () => {
            switch (pick(6)) {
              case 0: {
                const id = `ORD-${seed}-${step}`;
                store.hold(voucher.id, id, amount);
                checkouts.push(id);
                break;
              }
              case 1:
                if (checkouts.length > 0) store.release(checkouts[pick(checkouts.length)]!);
                break;
              case 2:
                if (checkouts.length > 0) store.spend(checkouts[pick(checkouts.length)]!);
                break;
              case 3: {
                const orderId = checkouts[pick(Math.max(checkouts.length, 1))];
                const refundable = orderId ? store.refundable(orderId) : { voucherId: null, pence: 0 };
                if (orderId && refundable.pence > 0) store.refund(voucher.id, orderId, Math.min(amount, refundable.pence), "refund");
                break;
              }
              case 4:
                store.adjust(voucher.id, random() < 0.5 ? amount : -amount, "owner");
                break;
              default:
                if (random() < 0.1) store.void(store.byId(voucher.id)!, "lost");
            }
          });
        } catch {
          refused++;
        }
        const balance = store.byId(voucher.id)!.balance_pence;
        expect(balance).toBeGreaterThanOrEqual(0);
        expect(balance).toBe(sumOfRows(voucher.id));
      }
    }
    // Some steps asked for more than was left, and were refused whole: the sequences did reach the floor.
    expect(refused).toBeGreaterThan(0);
  });

  test("a row would take the balance below zero: refused by the schema, the balance unchanged", () => {
    const voucher = issue(1000);
    expect(() => writeTransaction(db, () => store.hold(voucher.id, "ORD-A", 1001))).toThrow(/CHECK constraint failed/);
    expect(store.byId(voucher.id)!.balance_pence).toBe(1000);
  });

  test("rows are never changed or deleted", () => {
    const voucher = issue(1000);
    expect(() => db.run("UPDATE gift_voucher_ledger SET amount_pence = 5000")).toThrow("gift voucher ledger rows are never changed");
    expect(() => db.run("DELETE FROM gift_voucher_ledger")).toThrow("gift voucher ledger rows are never deleted");
    expect(sumOfRows(voucher.id)).toBe(1000);
  });
});

describe("a voucher's days", () => {
  test("valid to the day before the same date months later, or the month's last day", () => {
    expect(lastValidDay("2026-12-01", 24)).toBe("2028-11-30");
    expect(lastValidDay("2026-01-31", 1)).toBe("2026-02-28");
    expect(lastValidDay("2027-02-28", 12)).toBe("2028-02-27");
  });

  test("a send date's email is due at 8am UK time, in winter and in summer", () => {
    expect(ukMorning("2026-12-24")).toBe("2026-12-24T08:00:00.000Z");
    expect(ukMorning("2027-06-21")).toBe("2027-06-21T07:00:00.000Z");
  });

  test("codes are 16 characters of the unambiguous alphabet", () => {
    for (let n = 0; n < 200; n++) expect(newVoucherCode()).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
  });
});
