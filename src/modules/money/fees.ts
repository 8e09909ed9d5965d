import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import { errorFields, log } from "../../log";
import { type PaymentProvider, PaymentProviderError, type Settlement } from "../../services/payments/provider";
import type { OrderStore } from "../orders/store";

/** How many of each the job asks about in one run: a backlog (a shop upgraded with years of orders) drains run by run. */
const FEES_PER_RUN = 50;

export type FeesRun = { orders: number; refunds: number; notYet: number; failed: number };

export type PaymentFees = ReturnType<typeof createPaymentFees>;

/**
 * Stripe's fee and net for each paid order and each refund, read from its balance transaction after the order's
 * (or refund's) own transaction has committed, never inside it: the call crosses the network, and the lock must
 * not wait on it (docs/decisions/0050-money-that-reconciles.md). What Stripe has not settled yet stays NULL, shown
 * as "fee not known yet", and is asked again on the next run; each write is one UPDATE that only fills a NULL, so
 * two runs at once, or a run after a crash, record each figure once.
 */
export function createPaymentFees(db: Database, provider: PaymentProvider, orders: OrderStore) {
  const refundsDue = db.query<{ id: string; provider_refund_id: string }, [number]>(
    `SELECT id, provider_refund_id FROM refunds WHERE fee_cents IS NULL AND provider_refund_id IS NOT NULL
     ORDER BY created_at LIMIT ?`,
  );
  const recordRefund = db.query<unknown, [number, string | null, string]>(
    "UPDATE refunds SET fee_cents = ?, balance_transaction = ? WHERE id = ? AND fee_cents IS NULL",
  );

  /** One provider call; a refusal or an outage is logged and left for the next run. */
  async function ask(read: () => Promise<Settlement | null>, what: Record<string, string>): Promise<Settlement | null | "failed"> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      log("warn", "payment fee not read; asked again on the next run", { ...what, ...errorFields(error) });
      return "failed";
    }
  }

  return {
    /** Reads every fee still unknown (up to FEES_PER_RUN of each) and records those the provider has settled. */
    async recordDue(): Promise<FeesRun> {
      const run: FeesRun = { orders: 0, refunds: 0, notYet: 0, failed: 0 };
      if (provider.name !== "stripe") return run;
      for (const order of orders.feesUnknown(FEES_PER_RUN)) {
        const settled = await ask(() => provider.paymentSettlement(order.payment_session_id), { orderId: order.id });
        if (settled === "failed") run.failed += 1;
        else if (settled === null) run.notYet += 1;
        else {
          writeTransaction(db, () => orders.recordStripeFee(order.id, settled));
          run.orders += 1;
        }
      }
      for (const refund of refundsDue.all(FEES_PER_RUN)) {
        const settled = await ask(() => provider.refundSettlement(refund.provider_refund_id), { refundId: refund.id });
        if (settled === "failed") run.failed += 1;
        else if (settled === null) run.notYet += 1;
        else {
          writeTransaction(db, () => recordRefund.run(settled.feePence, settled.balanceTransaction, refund.id));
          run.refunds += 1;
        }
      }
      return run;
    },
  };
}
