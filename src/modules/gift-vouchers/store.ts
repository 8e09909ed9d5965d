import type { Database } from "bun:sqlite";
import { rowId } from "../../db/row-id";
import { voucherCodeHash } from "./codes";

/** One gift_vouchers row as stored. */
export type VoucherRow = {
  id: string;
  code_tail: string;
  amount_pence: number;
  balance_pence: number;
  order_id: string | null;
  buyer_email: string | null;
  recipient_email: string | null;
  send_on: string | null;
  message: string | null;
  expires_on: string;
  voided_at: string | null;
  void_reason: string | null;
  created_at: string;
};

export type LedgerKind = "issue" | "hold" | "release" | "spend" | "refund" | "void" | "adjust";
export type LedgerRow = {
  id: number;
  kind: LedgerKind;
  amount_pence: number;
  checkout_id: string | null;
  reason: string | null;
  created_at: string;
};

/** A voucher to issue: the row's own fields as they start, and its code (only its hash and tail are stored). */
export type NewVoucher = Pick<
  VoucherRow,
  "amount_pence" | "order_id" | "buyer_email" | "recipient_email" | "send_on" | "message" | "expires_on"
> & { code: string };

const COLUMN_NAMES = [
  "id",
  "code_tail",
  "amount_pence",
  "balance_pence",
  "order_id",
  "buyer_email",
  "recipient_email",
  "send_on",
  "message",
  "expires_on",
  "voided_at",
  "void_reason",
  "created_at",
] as const;
const COLUMNS = COLUMN_NAMES.join(", ");

export type VoucherStore = ReturnType<typeof createVoucherStore>;

/**
 * The owner's list and totals (docs/decisions/0058-vouchers-bounded.md): each read goes through an index or a kept
 * figure, so none grows with the shop's history (tests/unit/vouchers-bounded-migration.test.ts reads their plans).
 */
export const OWNER_READS = {
  /** Newest first, as the index gift_vouchers_newest (migration 0039) is walked: no sort of the table. ?1: how many. */
  newest: `SELECT ${COLUMNS} FROM gift_vouchers ORDER BY created_at DESC, id LIMIT ?1`,
  /**
   * A search's page: the newest ?3 matches of each index, the last group's (code_tail, then rowid) and the email
   * trigram index (migration 0042), both read newest rowid first and stopped at ?3, then sorted newest first. A
   * voucher's rowid and its created_at grow together (only the store inserts, created_at is the moment of insert, and
   * the shop never runs VACUUM), so the newest ?3 of all the matches are among them: a search that matches every
   * voucher reads no more than one that matches a page. Vouchers issued in the same millisecond come in the order
   * they were issued (rowid), which is what keeps that true. CROSS JOIN keeps the matches the outer loop.
   * ?1: the last group; ?2: the FTS5 string; ?3: how many.
   */
  search: `SELECT ${COLUMN_NAMES.map((name) => `v.${name}`).join(", ")} FROM (
     SELECT hit FROM (SELECT rowid AS hit FROM gift_vouchers WHERE code_tail = ?1 ORDER BY rowid DESC LIMIT ?3)
     UNION
     SELECT hit FROM (SELECT rowid AS hit FROM gift_voucher_search WHERE gift_voucher_search MATCH ?2 ORDER BY rowid DESC LIMIT ?3)
   ) AS matched CROSS JOIN gift_vouchers v ON v.rowid = matched.hit
   ORDER BY v.created_at DESC, v.rowid DESC LIMIT ?3`,
  /** Sold and spent over every voucher, kept by the ledger's trigger (migration 0042). */
  totals: "SELECT sold_pence AS sold, spent_pence AS spent FROM gift_voucher_totals WHERE id = 1",
  /**
   * What is left to spend on vouchers valid on ?1: read from the index gift_vouchers_spendable (migration 0042), which
   * holds only vouchers not void with something left, from ?1 on: never the expired, void or spent ones.
   */
  outstanding: `SELECT COALESCE(SUM(balance_pence), 0) AS total FROM gift_vouchers
    WHERE voided_at IS NULL AND balance_pence > 0 AND expires_on >= ?1`,
} as const;

/**
 * The SQL of gift_vouchers and gift_voucher_ledger, in one place (docs/decisions/0054-gift-vouchers.md). A balance only
 * moves by a ledger row; the schema's trigger adds it up and its CHECK refuses a row that would leave less than
 * nothing, so every caller runs inside a write transaction and a refused row rolls the whole use case back.
 */
export function createVoucherStore(db: Database) {
  const byHash = db.query<VoucherRow, [string]>(`SELECT ${COLUMNS} FROM gift_vouchers WHERE code_hash = ?`);
  const byId = db.query<VoucherRow, [string]>(`SELECT ${COLUMNS} FROM gift_vouchers WHERE id = ?`);
  const insertVoucher = db.query(
    `INSERT INTO gift_vouchers (id, code_hash, code_tail, amount_pence, order_id, buyer_email, recipient_email, send_on, message, expires_on)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRow = db.query<unknown, [string, LedgerKind, number, string | null, string | null]>(
    "INSERT INTO gift_voucher_ledger (voucher_id, kind, amount_pence, checkout_id, reason) VALUES (?, ?, ?, ?, ?)",
  );
  const rowsOf = db.query<LedgerRow, [string]>(
    "SELECT id, kind, amount_pence, checkout_id, reason, created_at FROM gift_voucher_ledger WHERE voucher_id = ? ORDER BY id",
  );
  const ofCheckout = db.query<{ voucher_id: string; kind: LedgerKind; amount: number }, [string]>(
    `SELECT voucher_id, kind, SUM(amount_pence) AS amount FROM gift_voucher_ledger WHERE checkout_id = ?
     GROUP BY voucher_id, kind`,
  );
  const refundCount = db.query<{ n: number }, [string]>(
    "SELECT COUNT(*) AS n FROM gift_voucher_ledger WHERE checkout_id = ? AND kind = 'refund'",
  );
  const setVoid = db.query("UPDATE gift_vouchers SET voided_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), void_reason = ? WHERE id = ?");
  const issuedFor = db.query<{ n: number }, [string]>("SELECT COUNT(*) AS n FROM gift_vouchers WHERE order_id = ?");

  function add(voucherId: string, kind: LedgerKind, amountPence: number, checkoutId: string | null = null, reason: string | null = null) {
    insertRow.run(voucherId, kind, amountPence, checkoutId, reason);
  }

  /** What one checkout's ledger rows add up to, per kind (all of one voucher: a checkout spends at most one). */
  function checkoutRows(checkoutId: string): { voucherId: string | null; held: number; spent: number; refunded: number } {
    let voucherId: string | null = null;
    const sums = { hold: 0, release: 0, spend: 0, refund: 0 } as Record<LedgerKind, number>;
    for (const row of ofCheckout.all(checkoutId)) {
      voucherId = row.voucher_id;
      sums[row.kind] = (sums[row.kind] ?? 0) + row.amount;
    }
    return { voucherId, held: -(sums.hold ?? 0) - (sums.release ?? 0), spent: -(sums.spend ?? 0), refunded: sums.refund ?? 0 };
  }

  const newest = db.query<VoucherRow, [number]>(OWNER_READS.newest);
  const found = db.query<VoucherRow, [string, string, number]>(OWNER_READS.search);
  const rowsOfMany = db.query<LedgerRow & { voucher_id: string }, [string]>(
    `SELECT voucher_id, id, kind, amount_pence, checkout_id, reason, created_at FROM gift_voucher_ledger
     WHERE voucher_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  const totals = db.query<{ sold: number; spent: number }, []>(OWNER_READS.totals);
  const outstanding = db.query<{ total: number }, [string]>(OWNER_READS.outstanding);

  return {
    /**
     * The newest vouchers, or those whose last group is `tail` or whose buyer's or recipient's email holds the FTS5
     * string `email` (src/db/fts-search.ts).
     */
    list(search: { tail: string; email: string } | null, limit: number): VoucherRow[] {
      return search ? found.all(search.tail, search.email, limit) : newest.all(limit);
    },
    /** The ledger rows of many vouchers in one query, by voucher. */
    historyOf(ids: string[]): Map<string, LedgerRow[]> {
      const grouped = new Map<string, LedgerRow[]>();
      for (const { voucher_id, ...row } of rowsOfMany.all(JSON.stringify(ids))) {
        const rows = grouped.get(voucher_id) ?? [];
        rows.push(row);
        grouped.set(voucher_id, rows);
      }
      return grouped;
    },
    /** Sold and spent over every voucher, and what is left to spend on those still valid on `today`. */
    totals(today: string): { sold: number; spent: number; outstanding: number } {
      const { sold, spent } = totals.get()!;
      return { sold, spent, outstanding: outstanding.get(today)!.total };
    },
    byCode: (code: string): VoucherRow | null => byHash.get(voucherCodeHash(code)),
    byId: (id: string): VoucherRow | null => byId.get(id),
    history: (id: string): LedgerRow[] => rowsOf.all(id),
    /** How many vouchers an order issued already: a replayed fulfilment issues none twice. */
    issuedFor: (orderId: string): number => issuedFor.get(orderId)?.n ?? 0,

    /** A new voucher with its issue row: its balance is its amount. */
    issue(voucher: NewVoucher): VoucherRow {
      const id = rowId("gv");
      insertVoucher.run(
        id,
        voucherCodeHash(voucher.code),
        voucher.code.slice(-4),
        voucher.amount_pence,
        voucher.order_id,
        voucher.buyer_email,
        voucher.recipient_email,
        voucher.send_on,
        voucher.message,
        voucher.expires_on,
      );
      add(id, "issue", voucher.amount_pence, voucher.order_id);
      return byId.get(id)!;
    },

    /** Takes `amount` off the balance for a checkout waiting for payment; the CHECK refuses more than is left. */
    hold: (voucherId: string, checkoutId: string, amount: number) => add(voucherId, "hold", -amount, checkoutId),

    /** Gives a checkout's hold back (expired, replaced, cancelled); nothing when none is left. */
    release(checkoutId: string): void {
      const { voucherId, held } = checkoutRows(checkoutId);
      if (voucherId && held > 0) add(voucherId, "release", held, checkoutId);
    },

    /** A paid checkout: its hold becomes a spend (release and spend in one step, so the balance never moves). */
    spend(checkoutId: string): void {
      const { voucherId, held } = checkoutRows(checkoutId);
      if (!voucherId || held <= 0) return;
      add(voucherId, "release", held, checkoutId);
      add(voucherId, "spend", -held, checkoutId);
    },

    /** A paid order's voucher spend still not refunded, and its voucher. */
    refundable(orderId: string): { voucherId: string | null; pence: number } {
      const { voucherId, spent, refunded } = checkoutRows(orderId);
      return { voucherId, pence: Math.max(0, spent - refunded) };
    },

    /** How many refunds put money back on a voucher from this order. */
    refundsOf: (orderId: string): number => refundCount.get(orderId)?.n ?? 0,

    /** Puts money a refund gives back on the voucher. */
    refund: (voucherId: string, orderId: string, amount: number, reason: string) => add(voucherId, "refund", amount, orderId, reason),

    /** Voids a voucher: what was left goes, and it can never be spent again. */
    void(voucher: VoucherRow, reason: string): void {
      if (voucher.balance_pence > 0) add(voucher.id, "void", -voucher.balance_pence, null, reason);
      setVoid.run(reason, voucher.id);
    },

    /** The owner's top-up (positive) or take-off (negative), with its reason. */
    adjust: (voucherId: string, amount: number, reason: string) => add(voucherId, "adjust", amount, null, reason),
  };
}
