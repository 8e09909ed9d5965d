import type { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seededRandom } from "../../seed/art/common";
import { ftsString } from "../../src/db/fts-search";
import { migrate } from "../../src/db/migrate";
import { openDatabase } from "../../src/db/open";
import { writeTransaction } from "../../src/db/transaction";
import { newVoucherCode } from "../../src/modules/gift-vouchers/codes";
import { createVoucherStore, OWNER_READS, type VoucherStore } from "../../src/modules/gift-vouchers/store";
import { openShopBefore, type ShopBefore } from "../support/migrations-before";
import { queryPlan } from "../support/query-plan";

// The owner's voucher screen reads no more as the history grows (migrations/0042_vouchers_bounded.sql,
// docs/decisions/0058-vouchers-bounded.md): sold and spent are a row kept by the ledger's trigger, what is left is
// read from an index of the vouchers still spendable, and the list and its searches go through indexes.

const TODAY = "2026-12-01";

/** The figures as a count of every row gives them: what the kept row and the index must always equal. */
function recount(db: Database, today: string) {
  return db
    .query<{ sold: number; spent: number; outstanding: number }, [string]>(
      `SELECT
         (SELECT COALESCE(SUM(amount_pence), 0) FROM gift_voucher_ledger WHERE kind = 'issue') AS sold,
         (SELECT COALESCE(-SUM(amount_pence), 0) FROM gift_voucher_ledger WHERE kind IN ('spend', 'refund')) AS spent,
         (SELECT COALESCE(SUM(balance_pence), 0) FROM gift_vouchers NOT INDEXED WHERE voided_at IS NULL AND expires_on >= ?1) AS outstanding`,
    )
    .get(today)!;
}

describe("on a shop with the migration", () => {
  let dir: string;
  let db: Database;
  let store: VoucherStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-voucher-reads-"));
    db = openDatabase(join(dir, "shop.db"));
    migrate(db);
    store = createVoucherStore(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const issue = (amount: number, expiresOn: string, buyerEmail: string | null = null, recipientEmail: string | null = null) =>
    writeTransaction(db, () =>
      store.issue({
        code: newVoucherCode(),
        amount_pence: amount,
        order_id: null,
        buyer_email: buyerEmail,
        recipient_email: recipientEmail,
        send_on: null,
        message: null,
        expires_on: expiresOn,
      }),
    );

  test("random histories of every kind of ledger row: sold, spent and what is left equal a recount, to the penny, after every step", () => {
    // Last days either side of today: the ones already past must leave what is left to spend.
    const lastDays = ["2026-11-30", TODAY, "2026-12-02", "2028-11-30"];
    let refused = 0;
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const random = seededRandom(seed);
      const pick = (n: number) => Math.floor(random() * n);
      const vouchers = [issue(1000 + pick(19_000), lastDays[pick(lastDays.length)]!)];
      const checkouts: { id: string; voucherId: string }[] = [];
      for (let step = 0; step < 80; step++) {
        const voucher = vouchers[pick(vouchers.length)]!;
        const amount = 1 + pick(6000);
        try {
          writeTransaction(db, () => {
            switch (pick(8)) {
              case 0:
                vouchers.push(issue(1000 + pick(19_000), lastDays[pick(lastDays.length)]!));
                break;
              case 1: {
                const id = `ORD-${seed}-${step}`;
                store.hold(voucher.id, id, amount);
                checkouts.push({ id, voucherId: voucher.id });
                break;
              }
              case 2:
                if (checkouts.length > 0) store.release(checkouts[pick(checkouts.length)]!.id);
                break;
              case 3:
              case 4:
                if (checkouts.length > 0) store.spend(checkouts[pick(checkouts.length)]!.id);
                break;
              case 5: {
                const paid = checkouts[pick(Math.max(checkouts.length, 1))];
                const refundable = paid ? store.refundable(paid.id) : { voucherId: null, pence: 0 };
                if (paid && refundable.pence > 0) store.refund(paid.voucherId, paid.id, Math.min(amount, refundable.pence), "refund");
                break;
              }
              case 6:
                store.adjust(voucher.id, random() < 0.5 ? amount : -amount, "owner");
                break;
              default: {
                const current = store.byId(voucher.id)!;
                if (random() < 0.3 && current.voided_at === null) store.void(current, "lost");
              }
            }
          });
        } catch {
          refused++;
        }
        expect(store.totals(TODAY)).toEqual(recount(db, TODAY));
      }
      for (const { kind } of db.query<{ kind: string }, []>("SELECT DISTINCT kind FROM gift_voucher_ledger").all()) kinds.add(kind);
    }
    // Every kind of row was written, and some steps were refused whole (and the kept row with them).
    expect([...kinds].sort()).toEqual(["adjust", "hold", "issue", "refund", "release", "spend", "void"]);
    expect(refused).toBeGreaterThan(0);
    expect(store.totals(TODAY).sold).toBeGreaterThan(0);
    expect(store.totals(TODAY).spent).toBeGreaterThan(0);
    // Checked on another day too: the vouchers whose last day has passed since are no longer counted.
    expect(store.totals("2027-01-01")).toEqual(recount(db, "2027-01-01"));
  });

  test("a ledger row the schema refuses leaves sold and spent as they were", () => {
    const voucher = issue(1000, TODAY);
    writeTransaction(db, () => store.hold(voucher.id, "ORD-A", 400));
    writeTransaction(db, () => store.spend("ORD-A"));
    const before = store.totals(TODAY);
    expect(before).toEqual({ sold: 1000, spent: 400, outstanding: 600 });
    expect(() =>
      writeTransaction(db, () => {
        store.refund(voucher.id, "ORD-A", 100, "part back");
        store.hold(voucher.id, "ORD-B", 5000); // more than is left: the whole use case is refused
      }),
    ).toThrow(/CHECK constraint failed/);
    expect(store.totals(TODAY)).toEqual(before);
  });

  test("the index of what is left holds only vouchers not void with something left", () => {
    const spent = issue(1000, TODAY);
    const voided = issue(2000, TODAY);
    issue(3000, "2026-11-30"); // expired: in the index, but before today, so outside the read's range
    issue(4000, "2028-11-30");
    writeTransaction(db, () => store.adjust(spent.id, -1000, "all used"));
    writeTransaction(db, () => store.void(store.byId(voided.id)!, "lost"));
    const indexed = db
      .query<{ expires_on: string; balance_pence: number }, []>(
        `SELECT expires_on, balance_pence FROM gift_vouchers INDEXED BY gift_vouchers_spendable
         WHERE voided_at IS NULL AND balance_pence > 0 AND expires_on > '' ORDER BY expires_on`,
      )
      .all();
    expect(indexed).toEqual([
      { expires_on: "2026-11-30", balance_pence: 3000 },
      { expires_on: "2028-11-30", balance_pence: 4000 },
    ]);
    expect(store.totals(TODAY).outstanding).toBe(4000);
  });

  test("a search's page is the newest of all its matches, as a recount of every voucher finds them", () => {
    const random = seededRandom(7);
    const domains = ["gmail.com", "example.com", "family.org.uk", "shop.test"];
    const pick = <T>(from: T[]) => from[Math.floor(random() * from.length)]!;
    const store = createVoucherStore(db);
    // Issued as fulfilment does, many in the same millisecond (created_at is the moment of insert).
    writeTransaction(db, () => {
      for (let n = 0; n < 1500; n++) {
        store.issue({
          code: newVoucherCode(),
          amount_pence: 1000,
          order_id: null,
          buyer_email: `${pick(["ada", "bob", "cleo", "dev"])}${n}@${pick(domains)}`,
          recipient_email: random() < 0.3 ? `friend${n}@${pick(domains)}` : null,
          send_on: null,
          message: null,
          expires_on: "2028-11-30",
        });
      }
    });
    const everyVoucher = db.query<{ id: string }, [string, string, number]>(
      `SELECT id FROM gift_vouchers NOT INDEXED
       WHERE code_tail = ?1 OR instr(lower(COALESCE(buyer_email, '')), ?2) > 0 OR instr(lower(COALESCE(recipient_email, '')), ?2) > 0
       ORDER BY created_at DESC, rowid DESC LIMIT ?3`,
    );
    const tail = store.list(null, 1)[0]!.code_tail;
    // One address of the middle of the history, less its first letter: a part inside it.
    const middle = db.query<{ buyer_email: string }, []>("SELECT buyer_email FROM gift_vouchers WHERE rowid = 700").get()!.buyer_email;
    const searches = [
      ["gmail.com", ""],
      ["ada", ""],
      ["friend", ""],
      ["cleo1", ""],
      [middle.slice(1), ""],
      [tail, tail],
    ] as const;
    for (const [typed, searchedTail] of searches) {
      for (const limit of [1, 10, 100]) {
        const page = store.list({ tail: searchedTail, email: ftsString(typed) }, limit).map((row) => row.id);
        expect(page).toEqual(everyVoucher.all(searchedTail, typed.toLowerCase(), limit).map((row) => row.id));
        expect(page.length).toBeGreaterThan(0);
      }
    }
  });

  test("a change of a voucher's emails moves it in the search", () => {
    const voucher = issue(1000, TODAY, "ada@example.com", null);
    const search = (typed: string) => store.list({ tail: "", email: ftsString(typed) }, 10).map((row) => row.id);
    expect(search("ada@")).toEqual([voucher.id]);
    db.run("UPDATE gift_vouchers SET buyer_email = 'bea@example.org', recipient_email = 'cy@example.net' WHERE id = ?", [voucher.id]);
    expect(search("ada@")).toEqual([]);
    expect(search("bea@example.org")).toEqual([voucher.id]);
    expect(search("example.net")).toEqual([voucher.id]);
  });
});

describe("migration 0042 on a shop that already sold vouchers", () => {
  let shop: ShopBefore;

  /** A voucher as a shop at migration 0041 stored it, with its ledger rows (the balance kept by 0039's trigger). */
  function storedVoucher(
    db: Database,
    voucher: { id: string; tail: string; buyer: string | null; recipient: string | null; expiresOn: string; createdAt: string },
    rows: [kind: string, pence: number][],
  ) {
    db.query(
      `INSERT INTO gift_vouchers (id, code_hash, code_tail, amount_pence, buyer_email, recipient_email, expires_on, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      voucher.id,
      `hash-${voucher.id}`,
      voucher.tail,
      rows[0]![1],
      voucher.buyer,
      voucher.recipient,
      voucher.expiresOn,
      voucher.createdAt,
    );
    for (const [kind, pence] of rows) {
      db.query("INSERT INTO gift_voucher_ledger (voucher_id, kind, amount_pence, checkout_id) VALUES (?, ?, ?, ?)").run(
        voucher.id,
        kind,
        pence,
        `ORD-${voucher.id}`,
      );
    }
  }

  beforeEach(() => {
    shop = openShopBefore("0042_vouchers_bounded.sql");
    const db = shop.db;
    storedVoucher(
      db,
      {
        id: "gv_old1",
        tail: "AB2C",
        buyer: "ada@example.com",
        recipient: "gran@family.org.uk",
        expiresOn: "2028-06-30",
        createdAt: "2026-06-01T10:00:00.000Z",
      },
      [
        ["issue", 5000],
        ["hold", -2900],
        ["release", 2900],
        ["spend", -2900],
        ["refund", 900],
      ],
    );
    storedVoucher(
      db,
      {
        id: "gv_old2",
        tail: "XY7Z",
        buyer: "bob@example.com",
        recipient: null,
        expiresOn: "2026-10-31",
        createdAt: "2024-11-01T10:00:00.000Z",
      },
      [
        ["issue", 2000],
        ["adjust", 500],
      ],
    );
    storedVoucher(
      db,
      {
        id: "gv_old3",
        tail: "QR4S",
        buyer: "cleo@shop.test",
        recipient: null,
        expiresOn: "2028-01-31",
        createdAt: "2026-02-01T10:00:00.000Z",
      },
      [
        ["issue", 3000],
        ["void", -3000],
      ],
    );
    db.run("UPDATE gift_vouchers SET voided_at = '2026-03-01T10:00:00.000Z', void_reason = 'Lost' WHERE id = 'gv_old3'");
  });
  afterEach(() => shop.close());

  test("sold and spent are filled from the ledger already there, and equal a recount; so does what is left", () => {
    expect(migrate(shop.db)).toEqual(expect.arrayContaining(["0042_vouchers_bounded.sql"]));
    const totals = createVoucherStore(shop.db).totals(TODAY);
    expect(totals).toEqual({ sold: 10_000, spent: 2000, outstanding: 3000 });
    expect(totals).toEqual(recount(shop.db, TODAY));
  });

  test("the ledger's next row moves the kept figures", () => {
    migrate(shop.db);
    const store = createVoucherStore(shop.db);
    writeTransaction(shop.db, () => {
      store.hold("gv_old1", "ORD-NEW", 1000);
      store.spend("ORD-NEW");
    });
    expect(store.totals(TODAY)).toEqual({ sold: 10_000, spent: 3000, outstanding: 2000 });
    expect(store.totals(TODAY)).toEqual(recount(shop.db, TODAY));
  });

  test("the search finds the old vouchers by a whole address, its beginning, its domain, a part inside it and the last group", () => {
    migrate(shop.db);
    const store = createVoucherStore(shop.db);
    const search = (typed: string, tail = "") => store.list({ tail, email: ftsString(typed) }, 10).map((row) => row.id);
    expect(search("ada@example.com")).toEqual(["gv_old1"]);
    expect(search("GRAN@")).toEqual(["gv_old1"]);
    expect(search("example.com")).toEqual(["gv_old1", "gv_old2"]); // newest first
    expect(search("family")).toEqual(["gv_old1"]);
    expect(search("leo@sh")).toEqual(["gv_old3"]);
    expect(search("XY7Z", "XY7Z")).toEqual(["gv_old2"]);
    expect(search("nobody@example.com")).toEqual([]);
    expect(store.list(null, 10).map((row) => row.id)).toEqual(["gv_old1", "gv_old3", "gv_old2"]);
  });
});

describe("the owner's reads' plans", () => {
  let dir: string;
  let db: Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "strata-voucher-plans-"));
    db = openDatabase(join(dir, "shop.db"));
    migrate(db);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const planOf = (sql: string) => queryPlan(db, sql);

  test("no read scans gift_vouchers or the ledger; only the list walks its index", () => {
    const plans = Object.values(OWNER_READS).flatMap(planOf);
    // Besides the list's walk, the only scans are of the search's own few rows (its subqueries', each at most a page).
    const ownRows = /^SCAN (matched|\(subquery-\d\))$/;
    expect(plans.filter((step) => step.startsWith("SCAN") && !step.includes("VIRTUAL TABLE") && !ownRows.test(step))).toEqual([
      "SCAN gift_vouchers USING INDEX gift_vouchers_newest",
    ]);
    expect(plans.filter((step) => step.includes("gift_voucher_ledger"))).toEqual([]);
  });

  test("the newest list walks gift_vouchers_newest in its order: the first page read, never sorted", () => {
    expect(planOf(OWNER_READS.newest)).toEqual(["SCAN gift_vouchers USING INDEX gift_vouchers_newest"]);
  });

  test("a search reads the newest matches from the last group's index and the email index, then each by its rowid", () => {
    const plan = planOf(OWNER_READS.search);
    expect(plan).toContain("SEARCH gift_vouchers USING COVERING INDEX gift_vouchers_tail (code_tail=?)");
    expect(plan.filter((step) => /^SCAN gift_voucher_search VIRTUAL TABLE INDEX \d+:M/.test(step))).toHaveLength(1);
    expect(plan).toContain("SEARCH v USING INTEGER PRIMARY KEY (rowid=?)");
    // Each index is read newest rowid first and stopped at the page (LIMIT inside); the sort is of those matches (the
    // outer loop), not of the table.
    expect(OWNER_READS.search.match(/ORDER BY rowid DESC LIMIT \?3/g)).toHaveLength(2);
    expect(plan.indexOf("SCAN matched")).toBeLessThan(plan.indexOf("SEARCH v USING INTEGER PRIMARY KEY (rowid=?)"));
  });

  test("sold and spent read one kept row; what is left reads only the spendable vouchers' index, from today on", () => {
    expect(planOf(OWNER_READS.totals)).toEqual(["SEARCH gift_voucher_totals USING INTEGER PRIMARY KEY (rowid=?)"]);
    expect(planOf(OWNER_READS.outstanding)).toEqual(["SEARCH gift_vouchers USING COVERING INDEX gift_vouchers_spendable (expires_on>?)"]);
  });
});
