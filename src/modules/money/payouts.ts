import type { Database } from "bun:sqlite";
import { ukToday } from "../../../shared/uk-day";
import { writeTransaction } from "../../db/transaction";
import type { StripePaymentProvider } from "../../services/payments/stripe";

/** Statuses Stripe never changes again: a payout stored whole in one of these is never read again. */
const FINAL = new Set(["paid", "failed", "canceled"]);
/** The newest payouts the Payouts page lists. */
const PAYOUTS_SHOWN = 100;

/** A payout as `GET /api/admin/payouts` answers it; `others` are Stripe's other lines (adjustments, disputes…) as they are. */
export type PayoutView = {
  id: string;
  arrival_date: string;
  amount_cents: number;
  status: string;
  orders: string[];
  refunds: string[];
  other_cents: number;
  others: { balance_transaction: string; type: string; net_cents: number }[];
};

/** The lines of every payout on the page in one query, not one per payout (docs/decisions/0059-every-list-bounded.md). */
export const PAYOUT_LINES_SQL = `SELECT l.payout_id, l.balance_transaction, l.type, l.net_cents,
          (SELECT o.id FROM orders o WHERE o.balance_transaction = l.balance_transaction) AS order_id,
          (SELECT r.id FROM refunds r WHERE r.balance_transaction = l.balance_transaction) AS refund_id
   FROM payout_lines l WHERE l.payout_id IN (SELECT value FROM json_each(?)) AND l.type != 'payout' ORDER BY l.rowid`;

export type PayoutsRun = { payouts: number; lines: number };
export type Payouts = ReturnType<typeof createPayouts>;

/**
 * Stripe's payouts and what each holds (docs/decisions/0050-money-that-reconciles.md). The job reads Stripe's payout
 * list newest first until it meets a payout already stored whole in a final status, then stores the ones it read
 * oldest first, each in its own transaction: lines first (keyed by balance transaction, so a second store changes
 * nothing), then `complete`. A run cut off half way leaves its payout incomplete and every older one complete, so
 * the next run reads from where it stopped. Lines link to orders and refunds through the balance transaction the
 * fees job stored on them.
 */
export function createPayouts(db: Database, stripe: StripePaymentProvider | null) {
  const stored = db.query<{ status: string; complete: number }, [string]>("SELECT status, complete FROM payouts WHERE id = ?");
  const upsertPayout = db.query<unknown, [string, string, number, string]>(
    `INSERT INTO payouts (id, arrival_date, amount_cents, status) VALUES (?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET arrival_date = excluded.arrival_date, amount_cents = excluded.amount_cents, status = excluded.status`,
  );
  const upsertLine = db.query<unknown, [string, string, string, number, number, number]>(
    `INSERT INTO payout_lines (balance_transaction, payout_id, type, amount_cents, fee_cents, net_cents) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (balance_transaction) DO UPDATE SET payout_id = excluded.payout_id`,
  );
  const markComplete = db.query<unknown, [string]>("UPDATE payouts SET complete = 1 WHERE id = ?");
  const newest = db.query<{ id: string; arrival_date: string; amount_cents: number; status: string }, [number]>(
    "SELECT id, arrival_date, amount_cents, status FROM payouts ORDER BY arrival_date DESC, id DESC LIMIT ?",
  );
  const linesOfPayouts = db.query<
    { payout_id: string; balance_transaction: string; type: string; net_cents: number; order_id: string | null; refund_id: string | null },
    [string]
  >(PAYOUT_LINES_SQL);

  return {
    /** Reads the payouts Stripe has made since the last whole one and stores each with its lines. */
    async sync(): Promise<PayoutsRun> {
      const run: PayoutsRun = { payouts: 0, lines: 0 };
      if (!stripe) return run;
      const toRead = [];
      for await (const payout of stripe.payouts()) {
        const known = stored.get(payout.id);
        if (known?.complete === 1 && FINAL.has(known.status) && known.status === payout.status) break;
        toRead.push(payout);
      }
      for (const payout of toRead.reverse()) {
        const lines = await stripe.payoutLines(payout.id);
        writeTransaction(db, () => {
          upsertPayout.run(payout.id, ukToday(payout.arrivalDate), payout.amountPence, payout.status);
          for (const line of lines) {
            upsertLine.run(line.balanceTransaction, payout.id, line.type, line.amountPence, line.feePence, line.netPence);
          }
          markComplete.run(payout.id);
        });
        run.payouts += 1;
        run.lines += lines.length;
      }
      return run;
    },

    /** The newest payouts with the orders and refunds inside each, and Stripe's other lines as they are. */
    list(): PayoutView[] {
      const payouts = newest.all(PAYOUTS_SHOWN);
      const lines = linesOfPayouts.all(JSON.stringify(payouts.map((payout) => payout.id)));
      const linesByPayout = new Map<string, typeof lines>();
      for (const line of lines) linesByPayout.set(line.payout_id, [...(linesByPayout.get(line.payout_id) ?? []), line]);
      return payouts.map((payout) => {
        const own = linesByPayout.get(payout.id) ?? [];
        const others = own
          .filter((line) => !line.order_id && !line.refund_id)
          .map(({ balance_transaction, type, net_cents }) => ({ balance_transaction, type, net_cents }));
        return {
          ...payout,
          orders: own.flatMap((line) => (line.order_id ? [line.order_id] : [])),
          refunds: own.flatMap((line) => (line.refund_id ? [line.refund_id] : [])),
          other_cents: others.reduce((sum, line) => sum + line.net_cents, 0),
          others,
        };
      });
    },
  };
}
