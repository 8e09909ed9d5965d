import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import type {
  CreatedPaymentSession,
  CreatePaymentSession,
  KnownPayer,
  PaymentSessionStatus,
  PaymentSnapshot,
  PostalAddress,
  SessionProvider,
} from "./provider";

/** What the shop's own payment page collects. */
export type OwnPageCustomer = { email: string; shipping: PostalAddress; billing: PostalAddress };

/**
 * The two kinds of payment page the shop serves itself: the demo checkout (no Stripe key set; a test card payment)
 * and the page of an order a gift voucher pays in full (no card at all, docs/decisions/0054-gift-vouchers.md).
 */
export const OWN_PAGES = {
  demo: { idPrefix: "cs_demo_", path: "/checkout/demo", paid: "paid" },
  voucher: { idPrefix: "cs_voucher_", path: "/checkout/voucher", paid: "no_payment_required" },
} as const;
export type OwnPageKind = keyof typeof OWN_PAGES;

const INSERTED = "id, checkout_id, amount_total, currency, lines, delivery_cents, success_url, cancel_url, expires_at, prefill";
/** Each kind's table, written out whole so the map's table owners (docs/architecture.md) are read from the code. */
const STATEMENTS: Record<OwnPageKind, Record<"byId" | "byCheckout" | "expire" | "insert" | "complete", string>> = {
  demo: {
    byId: "SELECT * FROM demo_payment_sessions WHERE id = ?",
    byCheckout: "SELECT * FROM demo_payment_sessions WHERE checkout_id = ?",
    expire: "UPDATE demo_payment_sessions SET status = 'expired' WHERE id = ? AND status = 'open'",
    insert: `INSERT INTO demo_payment_sessions (${INSERTED}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    complete: "UPDATE demo_payment_sessions SET status = 'complete', payment_status = ?, customer = ? WHERE id = ? AND status = 'open'",
  },
  voucher: {
    byId: "SELECT * FROM voucher_paid_sessions WHERE id = ?",
    byCheckout: "SELECT * FROM voucher_paid_sessions WHERE checkout_id = ?",
    expire: "UPDATE voucher_paid_sessions SET status = 'expired' WHERE id = ? AND status = 'open'",
    insert: `INSERT INTO voucher_paid_sessions (${INSERTED}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    complete: "UPDATE voucher_paid_sessions SET status = 'complete', payment_status = ?, customer = ? WHERE id = ? AND status = 'open'",
  },
};

type SessionRow = {
  id: string;
  checkout_id: string;
  status: PaymentSessionStatus;
  payment_status: "paid" | "unpaid" | "no_payment_required";
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

export type OwnSession = {
  id: string;
  status: PaymentSessionStatus;
  paymentStatus: SessionRow["payment_status"];
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
  /** Gift vouchers only: nothing is posted, so no delivery line and no delivery address, as on Stripe's page. */
  emailedOnly: boolean;
};

export type OwnPageSessions = SessionProvider & {
  /** The session as the shop's page shows it, or null. */
  session(sessionId: string): OwnSession | null;
  /** The shopper sent the page's form: the session completes as paid (or, paid by voucher, as needing no payment). */
  complete(sessionId: string, customer: OwnPageCustomer): PaymentSnapshot | null;
  /** What the session took, or null: a session completed as paid (for the demo's refunds). */
  paidAmount(sessionId: string): number | null;
};

/**
 * Sessions of a payment page the shop serves itself, kept in SQLite and behaving like Stripe's Checkout Session
 * (open → complete or expired, an expiry time, one session per checkout), so one fulfilment serves them all.
 */
export function ownPageSessions(db: Database, publicUrl: string, kind: OwnPageKind, now: () => Date = () => new Date()): OwnPageSessions {
  const { idPrefix, path, paid } = OWN_PAGES[kind];
  const sql = STATEMENTS[kind];
  const byId = db.query<SessionRow, [string]>(sql.byId);
  const byCheckout = db.query<SessionRow, [string]>(sql.byCheckout);
  const expire = db.query<unknown, [string]>(sql.expire);

  /** Like Stripe, a session past its end reads as expired whether or not anyone marked it. */
  function current(sessionId: string): SessionRow | null {
    const row = byId.get(sessionId);
    if (row && row.status === "open" && new Date(row.expires_at) <= now()) {
      expire.run(sessionId);
      return { ...row, status: "expired" };
    }
    return row;
  }

  function snapshotOf(row: SessionRow): PaymentSnapshot {
    const customer = JSON.parse(row.customer) as Partial<OwnPageCustomer>;
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
    name: kind,

    async createSession(input: CreatePaymentSession): Promise<CreatedPaymentSession> {
      // One session per checkout, like Stripe's idempotency key: a retry gets the same one.
      const existing = byCheckout.get(input.checkoutId);
      const id = existing?.id ?? `${idPrefix}${randomBytes(18).toString("base64url").replace(/[-]/g, "_")}`;
      if (!existing) {
        const subtotal = input.lines.reduce((sum, line) => sum + line.unitAmountPence * line.quantity, 0);
        db.query(sql.insert).run(
          id,
          input.checkoutId,
          subtotal - Math.min(input.discount?.amountPence ?? 0, subtotal) + input.deliveryPence,
          input.currency,
          // With a discount, a gift or nothing posted the column holds { lines, discount, gift, emailedOnly }; without
          // any, the lines alone as before.
          JSON.stringify(
            input.discount || input.gift || input.emailedOnly
              ? { lines: input.lines, discount: input.discount ?? null, gift: input.gift ?? false, emailedOnly: input.emailedOnly ?? false }
              : input.lines,
          ),
          input.deliveryPence,
          input.successUrl,
          input.cancelUrl,
          input.expiresAt.toISOString(),
          input.payer ? JSON.stringify({ name: input.payer.name, email: input.payer.email }) : null,
        );
      }
      return { id, url: `${publicUrl}${path}/${id}` };
    },

    async retrieveSession(sessionId: string): Promise<PaymentSnapshot | null> {
      const row = current(sessionId);
      return row ? snapshotOf(row) : null;
    },

    async expireSession(sessionId: string): Promise<void> {
      expire.run(sessionId);
    },

    session(sessionId: string): OwnSession | null {
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

    complete(sessionId: string, customer: OwnPageCustomer): PaymentSnapshot | null {
      const row = current(sessionId);
      if (row?.status !== "open") return null;
      db.query(sql.complete).run(paid, JSON.stringify(customer), sessionId);
      return snapshotOf(current(sessionId)!);
    },

    paidAmount(sessionId: string): number | null {
      const row = byId.get(sessionId);
      return row?.payment_status === "paid" ? row.amount_total : null;
    },
  };
}

/**
 * The lines column: an array (no discount, and every session stored before discount codes:
 * docs/decisions/0020-discount-codes.md) or { lines, discount, gift, emailedOnly } (gift only since gift orders,
 * emailedOnly since a basket of vouchers posts nothing).
 */
function storedLines(text: string): Pick<OwnSession, "lines" | "discount" | "gift" | "emailedOnly"> {
  const stored = JSON.parse(text) as
    | OwnSession["lines"]
    | (Pick<OwnSession, "lines" | "discount"> & { gift?: boolean; emailedOnly?: boolean });
  if (Array.isArray(stored)) return { lines: stored, discount: null, gift: false, emailedOnly: false };
  return { lines: stored.lines, discount: stored.discount, gift: stored.gift ?? false, emailedOnly: stored.emailedOnly ?? false };
}
