import type { Database } from "bun:sqlite";
import type { DiscountCode, DiscountCodeInput } from "./model";

type Row = Omit<DiscountCode, "active"> & { active: number };

const COLUMNS =
  "code, percent_off, amount_off_cents, min_subtotal_cents, starts_on, ends_on, max_uses, uses, active, created_at, updated_at";

const toCode = (row: Row): DiscountCode => ({ ...row, active: row.active === 1 });

export type DiscountCodeStore = ReturnType<typeof discountCodeStore>;

/** SQL for the discount_codes table, in one place. */
export function discountCodeStore(db: Database) {
  return {
    all: (): DiscountCode[] => db.query<Row, []>(`SELECT ${COLUMNS} FROM discount_codes ORDER BY code`).all().map(toCode),
    byCode(code: string): DiscountCode | null {
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
    remove: (code: string): boolean => db.query("DELETE FROM discount_codes WHERE code = ?").run(code).changes === 1,
    /** One paid order used the code. Deliberately no cap: a payment after the last use still counts and becomes its order. */
    countUse: (code: string): void => {
      db.query("UPDATE discount_codes SET uses = uses + 1 WHERE code = ?").run(code);
    },
  };
}
