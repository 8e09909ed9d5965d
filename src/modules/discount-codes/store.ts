import type { Database } from "bun:sqlite";
import { encodePageCursor } from "../../http/page-cursor";
import { DISCOUNT_CODES_PAGE_SIZE, type DiscountCode, type DiscountCodeInput, type DiscountCodeName } from "./model";

type Row = Omit<DiscountCode, "active"> & { active: number };

const COLUMNS =
  "code, percent_off, amount_off_cents, min_subtotal_cents, starts_on, ends_on, max_uses, uses, active, created_at, updated_at";

const toCode = (row: Row): DiscountCode => ({ ...row, active: row.active === 1 });

/**
 * The owner's list, in code order a page at a time: the primary key's index walked from the cursor and stopped at the
 * page (docs/decisions/0059-every-list-bounded.md). Two statements, so a later page never walks the codes before it.
 */
export const DISCOUNT_CODE_PAGES = {
  first: `SELECT ${COLUMNS} FROM discount_codes ORDER BY code LIMIT ?1`,
  after: `SELECT ${COLUMNS} FROM discount_codes WHERE code > ?1 ORDER BY code LIMIT ?2`,
} as const;

/** A page of codes and the X-Next-Cursor of the next one (null: this page is the last). */
export type DiscountCodePage = { codes: DiscountCode[]; nextCursor: string | null };

export type DiscountCodeStore = ReturnType<typeof discountCodeStore>;

/** SQL for the discount_codes table, in one place. */
export function discountCodeStore(db: Database) {
  return {
    /** One page after the code `after` (none: the first page); one row past the page says whether another follows. */
    page(after: DiscountCodeName | null = null, limit = DISCOUNT_CODES_PAGE_SIZE): DiscountCodePage {
      const rows = after
        ? db.query<Row, [string, number]>(DISCOUNT_CODE_PAGES.after).all(after, limit + 1)
        : db.query<Row, [number]>(DISCOUNT_CODE_PAGES.first).all(limit + 1);
      const codes = rows.slice(0, limit).map(toCode);
      const last = codes.at(-1);
      return { codes, nextCursor: rows.length > limit && last ? encodePageCursor([last.code]) : null };
    },
    byCode(code: DiscountCodeName): DiscountCode | null {
      const row = db.query<Row, [string]>(`SELECT ${COLUMNS} FROM discount_codes WHERE code = ?`).get(code);
      return row ? toCode(row) : null;
    },
    /** Creates the code or replaces its terms; its use count stays. */
    save(input: DiscountCodeInput): void {
      db.query(
        `INSERT INTO discount_codes (code, percent_off, amount_off_cents, min_subtotal_cents, starts_on, ends_on, max_uses, active)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (code) DO UPDATE SET percent_off = excluded.percent_off, amount_off_cents = excluded.amount_off_cents,
           min_subtotal_cents = excluded.min_subtotal_cents, starts_on = excluded.starts_on, ends_on = excluded.ends_on,
           max_uses = excluded.max_uses, active = excluded.active, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
      ).run(
        input.code,
        input.percent_off ?? null,
        input.amount_off_cents ?? null,
        input.min_subtotal_cents ?? null,
        input.starts_on,
        input.ends_on,
        input.max_uses ?? null,
        input.active ? 1 : 0,
      );
    },
    remove: (code: DiscountCodeName): boolean => db.query("DELETE FROM discount_codes WHERE code = ?").run(code).changes === 1,
    /**
     * Uses held by checkouts still waiting for payment (decision 0025): each
     * holds one from when it opens until it is paid (then it is in `uses`) or
     * gives its stock back (expired, replaced, cancelled). A basket's own
     * checkouts can be left out: its next checkout replaces them.
     */
    heldUses(code: DiscountCodeName, exceptBasketId: string | null = null): number {
      return (
        db
          .query<{ held: number }, [string, string | null]>(
            `SELECT COUNT(*) AS held FROM checkouts
             WHERE discount_code = ?1 AND hold = 'held' AND state IN ('creating', 'open')
               AND (?2 IS NULL OR basket_id IS NULL OR basket_id != ?2)`,
          )
          .get(code, exceptBasketId)?.held ?? 0
      );
    },
    /** Whether a capped code's uses are all taken: paid, or held by checkouts waiting for payment. */
    allUsesTaken(found: DiscountCode, exceptBasketId: string | null = null): boolean {
      return found.max_uses !== null && found.uses + this.heldUses(found.code, exceptBasketId) >= found.max_uses;
    },
    /** One paid order used the code. Deliberately no cap: a payment after the last use still counts and becomes its order. */
    countUse: (code: DiscountCodeName): void => {
      db.query("UPDATE discount_codes SET uses = uses + 1 WHERE code = ?").run(code);
    },
  };
}
