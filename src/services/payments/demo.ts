import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { rowId } from "../../db/row-id";
import { demoCardFee } from "./card-fee";
import {
  type CreatedPaymentSession,
  type CreatePaymentSession,
  type KnownPayer,
  type MadeRefund,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSnapshot,
  type PostalAddress,
  type RefundPayment,
  type Settlement,
} from "./provider";

/** What the demo payment form collects. */
export type DemoCustomer = { email: string; shipping: PostalAddress; billing: PostalAddress };

type SessionRow = {
  id: string;
  checkout_id: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  currency: string;
  lines: string;
  delivery_cents: number;
  customer: string;
  success_url: string;
  cancel_url: string;
  expires_at: string;
  prefill: string | null;
};

export type DemoSession = {
  id: string;
  status: "open" | "complete" | "expired";
  paymentStatus: "paid" | "unpaid";
  amountTotal: number;
  lines: { name: string; unitAmountPence: number; quantity: number; description?: string }[];
  deliveryPence: number;
  /** The discount the shop priced, shown as "Discount (CODE)"; null without one. */
  discount: { code: string; amountPence: number } | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: string;
  /** The name and email the page opens with, as Stripe opens with `customer_email`; null for a basket's checkout. */
  payer: KnownPayer | null;
  /** A gift order: the page asks for the recipient's address as the delivery address (as Stripe's custom text does). */
  gift: boolean;
};

export type DemoPaymentProvider = PaymentProvider & {
  /** The session as the demo payment page shows it, or null. */
  session(sessionId: string): DemoSession | null;
  /** The shopper pressed Pay: the session completes as paid. Null when it is not open any more. */
  pay(sessionId: string, customer: DemoCustomer): PaymentSnapshot | null;
};

/**
 * The shop's own stand-in for Stripe Checkout, used when no Stripe key is set:
 * sessions live in SQLite and behave like Stripe's (open → complete or
 * expired, an expiry time, idempotent creation per checkout). Nothing is charged.
 */
export function createDemoProvider(db: Database, publicUrl: string, now: () => Date = () => new Date()): DemoPaymentProvider {
  const byId = db.query<SessionRow, [string]>("SELECT * FROM demo_payment_sessions WHERE id = ?");
  const byCheckout = db.query<SessionRow, [string]>("SELECT * FROM demo_payment_sessions WHERE checkout_id = ?");

  /** Like Stripe, a session past its end reads as expired whether or not anyone marked it. */
  function current(sessionId: string): SessionRow | null {
    const row = byId.get(sessionId);
    if (row && row.status === "open" && new Date(row.expires_at) <= now()) {
      db.query("UPDATE demo_payment_sessions SET status = 'expired' WHERE id = ? AND status = 'open'").run(sessionId);
      return { ...row, status: "expired" };
    }
    return row;
  }

  function snapshotOf(row: SessionRow): PaymentSnapshot {
    const customer = JSON.parse(row.customer) as Partial<DemoCustomer>;
    return {
      id: row.id,
      checkoutId: row.checkout_id,
      status: row.status,
      paymentStatus: row.payment_status,
      customerEmail: customer.email ?? null,
      amountTotal: row.amount_total,
      currency: row.currency,
      shipping: customer.shipping ?? null,
      billing: customer.billing ?? null,
    };
  }

  return {
    name: "demo",

    async createSession(input: CreatePaymentSession): Promise<CreatedPaymentSession> {
      // One session per checkout, like Stripe's idempotency key: a retry gets the same one.
      const existing = byCheckout.get(input.checkoutId);
      const id = existing?.id ?? `cs_demo_${randomBytes(18).toString("base64url").replace(/[-]/g, "_")}`;
      if (!existing) {
        const subtotal = input.lines.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0);
        db.query(
          `INSERT INTO demo_payment_sessions (id, checkout_id, amount_total, currency, lines, delivery_cents, success_url, cancel_url, expires_at, prefill)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.checkoutId,
          subtotal - Math.min(input.discount?.amountPence ?? 0, subtotal) + input.deliveryPence,
          input.currency,
          // With a discount or a gift the column holds { lines, discount, gift }; without either, the lines alone as before.
          JSON.stringify(
            input.discount || input.gift
              ? { lines: input.lines, discount: input.discount ?? null, gift: input.gift ?? false }
              : input.lines,
          ),
          input.deliveryPence,
          input.successUrl,
          input.cancelUrl,
          input.expiresAt.toISOString(),
          input.payer ? JSON.stringify({ name: input.payer.name, email: input.payer.email }) : null,
        );
      }
      return { id, url: `${publicUrl}/checkout/demo/${id}` };
    },

    async retrieveSession(sessionId: string): Promise<PaymentSnapshot | null> {
      const row = current(sessionId);
      return row ? snapshotOf(row) : null;
    },

    async expireSession(sessionId: string): Promise<void> {
      db.query("UPDATE demo_payment_sessions SET status = 'expired' WHERE id = ? AND status = 'open'").run(sessionId);
    },

    async refund({ sessionId, amountPence, idempotencyKey }: RefundPayment): Promise<MadeRefund> {
      // Stripe's rules, kept here too: a key answers its first refund again; only a paid
      // session can be refunded, and never beyond what it took.
      return db.transaction((): MadeRefund => {
        const earlier = db.query<{ id: string }, [string]>("SELECT id FROM demo_refunds WHERE idempotency_key = ?").get(idempotencyKey);
        if (earlier) return earlier;
        const row = byId.get(sessionId);
        if (row?.payment_status !== "paid") throw new PaymentProviderError("The demo payment for this order was never paid.");
        const refunded =
          db
            .query<{ total: number }, [string]>("SELECT COALESCE(SUM(amount_cents), 0) AS total FROM demo_refunds WHERE session_id = ?")
            .get(sessionId)?.total ?? 0;
        if (refunded + amountPence > row.amount_total)
          throw new PaymentProviderError("The demo payment has less left to refund than that.");
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
      const row = current(sessionId);
      if (row?.payment_status !== "paid") return null;
      return { balanceTransaction: null, ...demoCardFee(row.amount_total) };
    },

    /** Like Stripe, the fee stays with the provider when money goes back: the refund's own fee is none. */
    async refundSettlement(providerRefundId: string): Promise<Settlement | null> {
      const row = db.query<{ amount_cents: number }, [string]>("SELECT amount_cents FROM demo_refunds WHERE id = ?").get(providerRefundId);
      return row ? { balanceTransaction: null, feePence: 0, netPence: -row.amount_cents } : null;
    },

    session(sessionId: string): DemoSession | null {
      const row = current(sessionId);
      if (!row) return null;
      return {
        id: row.id,
        status: row.status,
        paymentStatus: row.payment_status,
        amountTotal: row.amount_total,
        ...storedLines(row.lines),
        deliveryPence: row.delivery_cents,
        successUrl: row.success_url.replace("{CHECKOUT_SESSION_ID}", row.id),
        cancelUrl: row.cancel_url,
        expiresAt: row.expires_at,
        payer: row.prefill ? (JSON.parse(row.prefill) as KnownPayer) : null,
      };
    },

    pay(sessionId: string, customer: DemoCustomer): PaymentSnapshot | null {
      const row = current(sessionId);
      if (row?.status !== "open") return null;
      db.query(
        "UPDATE demo_payment_sessions SET status = 'complete', payment_status = 'paid', customer = ? WHERE id = ? AND status = 'open'",
      ).run(JSON.stringify(customer), sessionId);
      return snapshotOf(current(sessionId)!);
    },
  };
}

/**
 * The lines column: an array (no discount, and every session stored before discount codes:
 * docs/decisions/0020-discount-codes.md) or { lines, discount, gift } (gift only since gift orders).
 */
function storedLines(text: string): Pick<DemoSession, "lines" | "discount" | "gift"> {
  const stored = JSON.parse(text) as DemoSession["lines"] | (Pick<DemoSession, "lines" | "discount"> & { gift?: boolean });
  return Array.isArray(stored) ? { lines: stored, discount: null, gift: false } : { ...stored, gift: stored.gift ?? false };
}
