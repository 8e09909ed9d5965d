import type { Database } from "bun:sqlite";
import { rowId } from "../../db/row-id";
import { demoCardFee } from "./card-fee";
import { type OwnPageSessions, ownPageSessions } from "./own-sessions";
import { type MadeRefund, type PaymentProvider, PaymentProviderError, type RefundPayment, type Settlement } from "./provider";

export type DemoPaymentProvider = PaymentProvider & Omit<OwnPageSessions, "name">;

/**
 * The shop's own stand-in for Stripe Checkout, used when no Stripe key is set: its sessions are the shop's own page's
 * (src/services/payments/own-sessions.ts), and refunds and fees follow Stripe's rules. Nothing is charged.
 */
export function createDemoProvider(db: Database, publicUrl: string, now: () => Date = () => new Date()): DemoPaymentProvider {
  const sessions = ownPageSessions(db, publicUrl, "demo", now);

  return {
    ...sessions,
    name: "demo",

    async refund({ sessionId, amountPence, idempotencyKey }: RefundPayment): Promise<MadeRefund> {
      // Stripe's rules, kept here too: a key answers its first refund again; only a paid
      // session can be refunded, and never beyond what it took.
      return db.transaction((): MadeRefund => {
        const earlier = db.query<{ id: string }, [string]>("SELECT id FROM demo_refunds WHERE idempotency_key = ?").get(idempotencyKey);
        if (earlier) return earlier;
        const took = sessions.paidAmount(sessionId);
        if (took === null) throw new PaymentProviderError("The demo payment for this order was never paid.");
        const refunded =
          db
            .query<{ total: number }, [string]>("SELECT COALESCE(SUM(amount_cents), 0) AS total FROM demo_refunds WHERE session_id = ?")
            .get(sessionId)?.total ?? 0;
        if (refunded + amountPence > took) throw new PaymentProviderError("The demo payment has less left to refund than that.");
        const id = rowId("re_demo");
        db.query("INSERT INTO demo_refunds (id, session_id, amount_cents, idempotency_key) VALUES (?, ?, ?, ?)").run(
          id,
          sessionId,
          amountPence,
          idempotencyKey,
        );
        return { id };
      })();
    },

    /** The demo rate on what the session took (decision 0050); the fulfilled order already carries the same figure. */
    async paymentSettlement(sessionId: string): Promise<Settlement | null> {
      const took = sessions.paidAmount(sessionId);
      return took === null ? null : { balanceTransaction: null, ...demoCardFee(took) };
    },

    /** Like Stripe, the fee stays with the provider when money goes back: the refund's own fee is none. */
    async refundSettlement(providerRefundId: string): Promise<Settlement | null> {
      const row = db.query<{ amount_cents: number }, [string]>("SELECT amount_cents FROM demo_refunds WHERE id = ?").get(providerRefundId);
      return row ? { balanceTransaction: null, feePence: 0, netPence: -row.amount_cents } : null;
    },
  };
}
