import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";

export type BestSeller = { product_id: string; name: string; units: number; amount_cents: number };

export const BEST_SELLERS = 5;

type Hours = [from: string, to: string];

/**
 * The best sellers from `firstHour` on (a stored time's first 13 characters), read from best_sellers_since, the sums
 * of sales_by_hour over every hour from best_sellers_window.since on (migrations/0029_owner_reads.sql, decision 0037).
 * The window is moved to `firstHour` first: the hours between the two are added or taken out, so a read costs the
 * products sold in the period plus the hours the period moved since the last read (a day's at most, once a day),
 * never the period's every hour. The move is a write, in its own transaction; the triggers keep the rest.
 */
export function bestSellersSince(db: Database, firstHour: string): BestSeller[] {
  // Bun keeps each statement prepared by its text, so these are prepared once.
  const since = db.query<{ since: string }, []>("SELECT since FROM best_sellers_window");
  const add = db.query<unknown, Hours>(
    `INSERT INTO best_sellers_since (product_id, quoted, product_name, units, amount_cents)
     SELECT product_id, quoted, product_name, SUM(units), SUM(amount_cents) FROM sales_by_hour
     WHERE hour >= ?1 AND hour < ?2 GROUP BY product_id, quoted, product_name
     ON CONFLICT (product_id, quoted, product_name)
     DO UPDATE SET units = units + excluded.units, amount_cents = amount_cents + excluded.amount_cents`,
  );
  const takeOut = db.query<unknown, Hours>(
    `UPDATE best_sellers_since SET units = best_sellers_since.units - gone.units, amount_cents = best_sellers_since.amount_cents - gone.amount_cents
     FROM (SELECT product_id, quoted, product_name, SUM(units) AS units, SUM(amount_cents) AS amount_cents FROM sales_by_hour
           WHERE hour >= ?1 AND hour < ?2 GROUP BY product_id, quoted, product_name) AS gone
     WHERE (best_sellers_since.product_id, best_sellers_since.quoted, best_sellers_since.product_name) = (gone.product_id, gone.quoted, gone.product_name)`,
  );
  // Rows that sold nothing in the window any more: gone, so the read stays the size of the period's sales.
  const dropEmpty = db.query<unknown, []>("DELETE FROM best_sellers_since WHERE units = 0 AND amount_cents = 0");
  const moveTo = db.query<unknown, [string]>("UPDATE best_sellers_window SET since = ?");
  // A quoted order's lines all carry the quote's id as their product (decision 0014), so each is told apart by its
  // name: "2 × bracket" and "1 × design time" are two best-seller rows of 2 and 1, not one of 3 (decision 0027).
  // A row is named by the greatest name among its lines; a name whose lines were all cancelled sold nothing.
  const top = db.query<BestSeller, []>(
    `SELECT product_id, MAX(product_name) AS name, SUM(units) AS units, SUM(amount_cents) AS amount_cents
     FROM best_sellers_since WHERE units > 0
     GROUP BY product_id, iif(quoted, product_name, NULL)
     ORDER BY units DESC, amount_cents DESC, name, product_id LIMIT ${BEST_SELLERS}`,
  );

  return writeTransaction(db, () => {
    const current = since.get()!.since;
    if (firstHour < current) add.run(firstHour, current);
    else if (firstHour > current) takeOut.run(current, firstHour);
    if (firstHour !== current) {
      dropEmpty.run();
      moveTo.run(firstHour);
    }
    return top.all();
  });
}
