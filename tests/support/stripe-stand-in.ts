import Stripe from "stripe";

/**
 * A small, stateful stand-in for the slice of Stripe's API the shop uses
 * (Checkout Sessions), good enough for the real `stripe` SDK pointed at it
 * through STRIPE_API_BASE. Tests drive the shopper's side with plain functions
 * (pay, expire, …) and read what the shop sent from `requests`/`paramsOf`.
 * Never reaches the internet.
 */

type StandInAddress = {
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string | null;
};

/** What the shopper typed on the payment page; anything left out takes a UK default. */
export type StandInCustomer = {
  email?: string;
  name?: string;
  address?: Partial<StandInAddress>;
  /** Defaults to the billing name and address. */
  shipping?: { name?: string; address?: Partial<StandInAddress> };
};

/** The fields of Stripe's `checkout.session` object that the stand-in fills in. */
export type StandInSession = {
  id: string;
  object: "checkout.session";
  mode: "payment";
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number; shipping_rate: string } | null;
  shipping_options: Array<{ shipping_amount: number; shipping_rate: string }>;
  shipping_address_collection: { allowed_countries: string[] } | null;
  billing_address_collection: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string | null;
  cancel_url: string | null;
  customer: null;
  customer_email: string | null;
  customer_details: {
    email: string;
    name: string;
    address: StandInAddress;
    phone: null;
    tax_exempt: "none";
    tax_ids: [];
  } | null;
  collected_information: {
    business_name: null;
    individual_name: null;
    shipping_details: { name: string; address: StandInAddress } | null;
  } | null;
  payment_intent: string | null;
};

/** The fields of Stripe's `refund` object that the stand-in fills in. */
export type StandInRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
};

/** Stripe's `balance_transaction`: what one charge, refund or payout did to the shop's balance. */
export type StandInBalanceTransaction = {
  id: string;
  object: "balance_transaction";
  amount: number;
  fee: number;
  net: number;
  currency: string;
  type: "charge" | "refund" | "adjustment" | "payout";
  /** The charge, refund or payout it came from. */
  source: string;
  created: number;
  status: "pending" | "available";
};

type StandInCharge = { id: string; amount: number; payment_intent: string; balance_transaction: string | null };

/**
 * The stand-in's fee on a charge: Stripe's UK rate for a premium card (2.5 % + 20p), on purpose not the demo
 * checkout's standard rate, so a test can tell the figure the shop read from the figure it would have worked out.
 */
export function standInChargeFee(amount: number): number {
  return Math.floor((amount * 25 + 500) / 1000) + 20;
}

type StandInRequest = {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
  status: number;
};

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type ParsedLine = { name: string; unitAmount: number; quantity: number; currency: string };

const STAND_IN_DEFAULT_CUSTOMER = {
  email: "shopper@example.com",
  name: "Alex Shopper",
  address: { line1: "1 Harbour Street", line2: null, city: "Bristol", state: null, postal_code: "BS1 4DJ", country: "GB" },
} as const;

export type StripeStandIn = ReturnType<typeof startStripeStandIn>;

/** The webhook secret of a shop made with `stripeSettings` (sign its events with it). */
export const STAND_IN_WEBHOOK_SECRET = "whsec_test_strata";

/** The settings that point a test shop's real Stripe SDK at `standIn`, with the owner's email for the shop's alerts. */
export function stripeSettings(standIn: { url: string }): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: "sk_test_strata",
    STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
    STRIPE_API_BASE: standIn.url,
    OWNER_EMAIL: "owner@strata.test",
  };
}

export function startStripeStandIn() {
  const sessions = new Map<string, StandInSession>();
  const lineItems = new Map<string, ParsedLine[]>();
  const createParams = new Map<string, Record<string, unknown>>();
  const coupons = new Map<
    string,
    { id: string; amount_off: number; currency: string; name: string | null; max_redemptions: number | null }
  >();
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();
  const requests: StandInRequest[] = [];
  /** Refunds made, by id; the shop's idempotency key makes a replay answer the first one. */
  const refunds = new Map<string, StandInRefund>();
  const failures = { remaining: 0, status: 500 };
  const charges = new Map<string, StandInCharge>();
  const balanceTransactions = new Map<string, StandInBalanceTransaction>();
  /** Charges and refunds made while true have no balance transaction until `settle()`: Stripe settling later. */
  let settleLater = false;
  /** The most items one page of a list holds, whatever `limit` asks: small, so a test sees the SDK page through. */
  let listPageAtMost = 100;
  /** Payouts made, oldest first; Stripe lists them newest first. */
  const payouts: Array<{
    id: string;
    object: "payout";
    amount: number;
    arrival_date: number;
    status: string;
    created: number;
    lines: string[];
  }> = [];
  const unsettled: Array<{ kind: "charge" | "refund"; id: string }> = [];
  /** Paths whose calls wait unanswered until the test releases them: the provider answering slowly, for races. */
  const held = new Map<string, { waiting: number; released: Promise<void>; release: () => void }>();
  let createCalls = 0;

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname.startsWith("/pay/")) return payPage(request, url);
      const params = parseStripeForm(request.method === "GET" ? url.search.slice(1) : await request.text());
      const idempotencyKey = request.headers.get("idempotency-key");
      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") createCalls += 1;
      const hold = held.get(url.pathname);
      if (hold) {
        hold.waiting += 1;
        await hold.released;
      }
      const reply = answer(request, url.pathname, params, idempotencyKey);
      requests.push({ method: request.method, path: url.pathname, params, idempotencyKey, status: reply.status });
      return Response.json(reply.body, { status: reply.status, headers: { "request-id": `req_${randomId()}`, ...reply.headers } });
    },
  });
  const base = `http://127.0.0.1:${server.port}`;

  function answer(request: Request, path: string, params: Record<string, unknown>, key: string | null): Reply {
    if (failures.remaining > 0) {
      failures.remaining -= 1;
      return stripeError(failures.status, "api_error", "Simulated failure from the Stripe stand-in.");
    }
    const auth = request.headers.get("authorization") ?? "";
    if (!/^Bearer sk_test_\S+$/.test(auth)) {
      return stripeError(401, "invalid_request_error", "Invalid API Key provided.");
    }
    if (request.method !== "POST" || key === null) return route(request.method, path, params);
    // Like Stripe: a key replays its first answer, and refuses different parameters.
    const fingerprint = `${request.method} ${path} ${canonical(params)}`;
    const earlier = idempotent.get(key);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return stripeError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (earlier) return { ...earlier.reply, headers: { "idempotent-replayed": "true" } };
    const reply = route(request.method, path, params);
    // A copy: a replay answers what was said then, not the session as it is now.
    idempotent.set(key, { fingerprint, reply: structuredClone(reply) });
    return reply;
  }

  function route(method: string, path: string, params: Record<string, unknown>): Reply {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(params);
    if (method === "POST" && path === "/v1/refunds") return createRefund(params);
    if (method === "POST" && path === "/v1/coupons") return createCoupon(params);
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && intentMatch) return paymentIntent(decodeURIComponent(intentMatch[1] ?? ""), expansions(params));
    if (method === "GET" && path === "/v1/payouts")
      return page(
        [...payouts].reverse().map(({ lines: _, ...payout }) => payout),
        params,
        path,
      );
    if (method === "GET" && path === "/v1/balance_transactions") {
      const payout = payouts.find((p) => p.id === params.payout);
      if (!payout) return stripeError(404, "invalid_request_error", `No such payout: '${String(params.payout)}'`, { param: "payout" });
      return page(
        payout.lines.map((id) => balanceTransactions.get(id)!),
        params,
        path,
      );
    }
    const refundMatch = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === "GET" && refundMatch) return refundWithBalance(decodeURIComponent(refundMatch[1] ?? ""), expansions(params));
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire|\/line_items)?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1] ?? "")) : undefined;
    if (match && !session) {
      return stripeError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, {
        code: "resource_missing",
        param: "session",
      });
    }
    if (match && session) {
      if (method === "GET" && !match[2]) return { status: 200, body: session };
      if (method === "POST" && match[2] === "/expire") {
        if (session.status !== "open") {
          return stripeError(
            400,
            "invalid_request_error",
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          );
        }
        return { status: 200, body: expire(session.id) };
      }
      if (method === "GET" && match[2] === "/line_items") return { status: 200, body: lineItemList(session.id) };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  /** Fixed-amount coupons only: what the shop makes for a discounted session. */
  function createCoupon(params: Record<string, unknown>): Reply {
    const amountOff = Number(params.amount_off);
    if (!Number.isInteger(amountOff) || amountOff < 1)
      return stripeError(400, "invalid_request_error", "Invalid integer: amount_off.", { param: "amount_off" });
    if (typeof params.currency !== "string") {
      return stripeError(400, "invalid_request_error", "You must pass currency when passing amount_off.", { param: "currency" });
    }
    const coupon = {
      id: `co_${randomId()}`,
      amount_off: amountOff,
      currency: params.currency,
      name: typeof params.name === "string" ? params.name : null,
      max_redemptions: params.max_redemptions === undefined ? null : Number(params.max_redemptions),
    };
    if (coupon.name !== null && coupon.name.length > 40) {
      return stripeError(400, "invalid_request_error", "Invalid string: name must be at most 40 characters.", { param: "name" });
    }
    coupons.set(coupon.id, coupon);
    return { status: 200, body: { object: "coupon", duration: params.duration ?? "once", ...coupon } };
  }

  function createSession(params: Record<string, unknown>): Reply {
    const created = Math.floor(Date.now() / 1000);
    const invalid = (message: string, param: string) => stripeError(400, "invalid_request_error", message, { param });
    if (params.mode !== "payment") return invalid("The stand-in only supports mode=payment.", "mode");
    const rawLines = Array.isArray(params.line_items) ? (params.line_items as Record<string, any>[]) : [];
    if (rawLines.length === 0) return invalid("line_items is required in payment mode.", "line_items");
    const lines: ParsedLine[] = [];
    for (const [i, raw] of rawLines.entries()) {
      const line = {
        name: String(raw.price_data?.product_data?.name ?? ""),
        unitAmount: Number(raw.price_data?.unit_amount),
        quantity: Number(raw.quantity),
        currency: String(raw.price_data?.currency ?? ""),
      };
      if (!line.name) return invalid("Missing required param: product_data[name].", `line_items[${i}][price_data][product_data][name]`);
      if (!Number.isInteger(line.unitAmount) || line.unitAmount < 0)
        return invalid("Invalid integer: unit_amount.", `line_items[${i}][price_data][unit_amount]`);
      if (!Number.isInteger(line.quantity) || line.quantity < 1) return invalid("Invalid integer: quantity.", `line_items[${i}][quantity]`);
      if (line.currency !== lines[0]?.currency && lines.length > 0)
        return invalid("All line items must share one currency.", `line_items[${i}][price_data][currency]`);
      lines.push(line);
    }
    const currency = lines[0]?.currency ?? "";
    const rate = (params.shipping_options as Record<string, any>[] | undefined)?.[0]?.shipping_rate_data;
    const shipping = rate ? Number(rate.fixed_amount?.amount) : 0;
    const expiresAt = params.expires_at === undefined ? created + 86_400 : Number(params.expires_at);
    // Stripe's window is 30 minutes to 24 hours; a minute of grace absorbs the trip here.
    if (expiresAt < created + 1_800 - 60)
      return invalid("The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.", "expires_at");
    if (expiresAt > created + 86_400)
      return invalid("The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.", "expires_at");

    const id = `cs_test_${randomId()}`;
    const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
    const couponId = (params.discounts as Record<string, any>[] | undefined)?.[0]?.coupon;
    const coupon = couponId === undefined ? null : coupons.get(String(couponId));
    if (couponId !== undefined && !coupon) return invalid(`No such coupon: '${couponId}'`, "discounts[0][coupon]");
    // Like Stripe, a fixed amount off comes off the items only, never below zero, and never off shipping.
    const discount = coupon ? Math.min(coupon.amount_off, subtotal) : 0;
    const rateId = `shr_${randomId()}`;
    const collection = params.shipping_address_collection as { allowed_countries?: string[] } | undefined;
    const session: StandInSession = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      url: `${base}/pay/${id}`,
      created,
      expires_at: expiresAt,
      livemode: false,
      currency,
      amount_subtotal: subtotal,
      amount_total: subtotal - discount + shipping,
      total_details: { amount_discount: discount, amount_shipping: shipping, amount_tax: 0 },
      shipping_cost: rate ? { amount_subtotal: shipping, amount_tax: 0, amount_total: shipping, shipping_rate: rateId } : null,
      shipping_options: rate ? [{ shipping_amount: shipping, shipping_rate: rateId }] : [],
      shipping_address_collection: collection ? { allowed_countries: collection.allowed_countries ?? [] } : null,
      billing_address_collection: typeof params.billing_address_collection === "string" ? params.billing_address_collection : null,
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      metadata: { ...((params.metadata as Record<string, string> | undefined) ?? {}) },
      success_url: typeof params.success_url === "string" ? params.success_url : null,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      customer: null,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      customer_details: null,
      collected_information: null,
      payment_intent: null,
    };
    sessions.set(id, session);
    lineItems.set(id, lines);
    createParams.set(id, params);
    return { status: 200, body: session };
  }

  /** Like Stripe: a paid PaymentIntent only, a whole number of pence, never beyond what it took. */
  function createRefund(params: Record<string, unknown>): Reply {
    const intent = String(params.payment_intent ?? "");
    const session = [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === "paid");
    if (!session) {
      return stripeError(404, "invalid_request_error", `No such payment_intent: '${intent}'`, {
        code: "resource_missing",
        param: "payment_intent",
      });
    }
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
    const amount = params.amount === undefined ? session.amount_total - refunded : Number(params.amount);
    if (!Number.isInteger(amount) || amount < 1)
      return stripeError(400, "invalid_request_error", "Invalid integer: amount.", { param: "amount" });
    if (refunded + amount > session.amount_total) {
      return stripeError(
        400,
        "invalid_request_error",
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((session.amount_total - refunded) / 100).toFixed(2)})`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    const refund: StandInRefund = {
      id: `re_${randomId()}`,
      object: "refund",
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    refunds.set(refund.id, refund);
    if (settleLater) unsettled.push({ kind: "refund", id: refund.id });
    else settleRefund(refund);
    return { status: 200, body: refund };
  }

  /** A refund's own balance transaction: money out, and Stripe keeps the charge's fee (none on the refund). */
  function settleRefund(refund: StandInRefund) {
    const transaction = newBalanceTransaction("refund", refund.id, -refund.amount, 0, refund.currency);
    refundTransactions.set(refund.id, transaction.id);
  }
  const refundTransactions = new Map<string, string>();

  function newBalanceTransaction(
    type: StandInBalanceTransaction["type"],
    source: string,
    amount: number,
    fee: number,
    currency = "gbp",
  ): StandInBalanceTransaction {
    const transaction: StandInBalanceTransaction = {
      id: `txn_${randomId()}`,
      object: "balance_transaction",
      amount,
      fee,
      net: amount - fee,
      currency,
      type,
      source,
      created: Math.floor(Date.now() / 1000),
      status: "pending",
    };
    balanceTransactions.set(transaction.id, transaction);
    return transaction;
  }

  /** The charge behind a paid session's PaymentIntent, with its balance transaction unless Stripe settles later. */
  function charge(session: StandInSession) {
    const id = `ch_${randomId()}`;
    const made: StandInCharge = {
      id,
      amount: session.amount_total,
      payment_intent: session.payment_intent ?? "",
      balance_transaction: null,
    };
    charges.set(id, made);
    if (settleLater) unsettled.push({ kind: "charge", id });
    else settleCharge(made);
  }

  function settleCharge(made: StandInCharge) {
    made.balance_transaction = newBalanceTransaction("charge", made.id, made.amount, standInChargeFee(made.amount)).id;
  }

  /** One page of a Stripe list: `limit` items after `starting_after`, and whether more follow. */
  function page(items: Array<{ id: string }>, params: Record<string, unknown>, path: string): Reply {
    const limit = Math.min(Number(params.limit ?? 10), listPageAtMost);
    const after = typeof params.starting_after === "string" ? items.findIndex((item) => item.id === params.starting_after) + 1 : 0;
    const data = items.slice(after, after + limit);
    return { status: 200, body: { object: "list", data, has_more: after + limit < items.length, url: path } };
  }

  function expansions(params: Record<string, unknown>): string[] {
    const asked = params.expand;
    return Array.isArray(asked) ? asked.map(String) : typeof asked === "string" ? [asked] : [];
  }

  function paymentIntent(id: string, expand: string[]): Reply {
    const session = [...sessions.values()].find((s) => s.payment_intent === id);
    if (!session) {
      return stripeError(404, "invalid_request_error", `No such payment_intent: '${id}'`, { code: "resource_missing", param: "intent" });
    }
    const made = [...charges.values()].find((c) => c.payment_intent === id) ?? null;
    const chargeObject = made && {
      id: made.id,
      object: "charge",
      amount: made.amount,
      currency: session.currency,
      paid: true,
      payment_intent: id,
      balance_transaction:
        made.balance_transaction && expand.includes("latest_charge.balance_transaction")
          ? balanceTransactions.get(made.balance_transaction)
          : made.balance_transaction,
    };
    return {
      status: 200,
      body: {
        id,
        object: "payment_intent",
        amount: session.amount_total,
        currency: session.currency,
        status: made ? "succeeded" : "processing",
        metadata: { ...session.metadata },
        latest_charge: chargeObject && (expand.some((e) => e.startsWith("latest_charge")) ? chargeObject : chargeObject.id),
      },
    };
  }

  function refundWithBalance(id: string, expand: string[]): Reply {
    const refund = refunds.get(id);
    if (!refund) return stripeError(404, "invalid_request_error", `No such refund: '${id}'`, { code: "resource_missing", param: "id" });
    const transaction = refundTransactions.get(id) ?? null;
    return {
      status: 200,
      body: {
        ...refund,
        balance_transaction: transaction && expand.includes("balance_transaction") ? balanceTransactions.get(transaction) : transaction,
      },
    };
  }

  function lineItemList(id: string) {
    const data = (lineItems.get(id) ?? []).map((line, i) => ({
      id: `li_${id.slice(8)}_${i}`,
      object: "item",
      amount_discount: 0,
      amount_subtotal: line.unitAmount * line.quantity,
      amount_tax: 0,
      amount_total: line.unitAmount * line.quantity,
      currency: line.currency,
      description: line.name,
      quantity: line.quantity,
      price: { id: `price_${id.slice(8)}_${i}`, object: "price", currency: line.currency, unit_amount: line.unitAmount, type: "one_time" },
    }));
    return { object: "list", data, has_more: false, url: `/v1/checkout/sessions/${id}/line_items` };
  }

  /** The hosted page the session url points at: Pay or Cancel, then Stripe's redirect. */
  async function payPage(request: Request, url: URL): Promise<Response> {
    const [, , id = "", action] = url.pathname.split("/");
    const session = sessions.get(id);
    if (!session) return new Response("No such checkout session", { status: 404 });
    if (request.method === "POST" && action === "pay" && session.status === "open") {
      complete(id, undefined, "paid");
      return Response.redirect((session.success_url ?? base).replaceAll("{CHECKOUT_SESSION_ID}", id), 303);
    }
    if (request.method === "POST" && action === "cancel") return Response.redirect(session.cancel_url ?? base, 303);
    const total = (session.amount_total / 100).toFixed(2);
    const html = `<!doctype html><title>Stand-in Checkout</title><h1>Pay £${total}</h1><p>Session ${id} is ${session.status}.</p>
<form method="post" action="/pay/${id}/pay"><button>Pay</button></form><form method="post" action="/pay/${id}/cancel"><button>Back to the shop</button></form>`;
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }

  function mustFind(id: string, expected: (s: StandInSession) => boolean, what: string): StandInSession {
    const session = sessions.get(id);
    if (!session) throw new Error(`Stripe stand-in: no session ${id}`);
    if (!expected(session)) throw new Error(`Stripe stand-in: session ${id} is ${session.status}/${session.payment_status}, not ${what}`);
    return session;
  }

  function complete(id: string, customer: StandInCustomer | undefined, paymentStatus: "paid" | "unpaid"): StandInSession {
    const session = mustFind(id, (s) => s.status === "open", "open");
    const name = customer?.name ?? STAND_IN_DEFAULT_CUSTOMER.name;
    const address = { ...STAND_IN_DEFAULT_CUSTOMER.address, ...customer?.address };
    session.status = "complete";
    session.payment_status = paymentStatus;
    session.url = null;
    session.payment_intent = `pi_${randomId()}`;
    if (paymentStatus === "paid") charge(session);
    session.customer_details = {
      email: customer?.email ?? session.customer_email ?? STAND_IN_DEFAULT_CUSTOMER.email,
      name,
      address,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    };
    session.collected_information = {
      business_name: null,
      individual_name: null,
      shipping_details: { name: customer?.shipping?.name ?? name, address: { ...address, ...customer?.shipping?.address } },
    };
    return structuredClone(session);
  }

  function expire(id: string): StandInSession {
    const session = mustFind(id, (s) => s.status === "open", "open");
    session.status = "expired";
    session.url = null;
    return structuredClone(session);
  }

  const isAwaitingAsync = (s: StandInSession) => s.status === "complete" && s.payment_status === "unpaid";

  return {
    url: base,
    /** Live sessions by id; mutate through the controls below, not directly. */
    sessions,
    requests,
    /** POST /v1/checkout/sessions requests received, replays and failures included; `sessions.size` counts what was made. */
    get createCalls() {
      return createCalls;
    },
    /** Refunds made (replays are not counted twice). */
    refunds,
    /** The decoded form parameters the shop sent when it created this session. */
    paramsOf(sessionId: string): Record<string, unknown> | undefined {
      return createParams.get(sessionId);
    },
    /** The next `count` API calls answer `status` with Stripe's error shape (the SDK retries 5xx and 409). */
    failNext(count: number, status = 500) {
      failures.remaining = count;
      failures.status = status;
    },
    /**
     * Calls to `path` wait, unanswered, until `release()`: Stripe answering slowly, so that
     * several of the shop's requests are in flight at once. `waiting()` counts the calls that
     * have arrived, for a test to wait on (never on a fixed time).
     */
    hold(path: string): { waiting: () => number; release: () => void } {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const hold = { waiting: 0, released, release };
      held.set(path, hold);
      return {
        waiting: () => hold.waiting,
        release: () => {
          held.delete(path);
          hold.release();
        },
      };
    },
    /** Card payment succeeded: complete + paid, with the shopper's email and both addresses. */
    pay: (sessionId: string, customer?: StandInCustomer) => complete(sessionId, customer, "paid"),
    /** Checkout finished with a delayed method (e.g. bank debit): complete, money not in yet. */
    completeUnpaid: (sessionId: string, customer?: StandInCustomer) => complete(sessionId, customer, "unpaid"),
    succeedAsync(sessionId: string): StandInSession {
      const session = mustFind(sessionId, isAwaitingAsync, "complete and unpaid");
      session.payment_status = "paid";
      charge(session);
      return structuredClone(session);
    },
    /** Stripe leaves the session complete + unpaid when a delayed payment fails; only the event differs. */
    failAsync(sessionId: string): StandInSession {
      return structuredClone(mustFind(sessionId, isAwaitingAsync, "complete and unpaid"));
    },
    expire,
    /**
     * Stripe pays out: the charges of `sessionIds`, the `refundIds` and any `adjustments` (in pence, e.g. a dispute's
     * fee, -1500) leave the balance in one payout arriving on `arrival` (unix seconds), with its own "payout" line.
     */
    payOut({
      sessionIds = [],
      refundIds = [],
      adjustments = [],
      arrival = Math.floor(Date.now() / 1000),
      status = "paid",
    }: {
      sessionIds?: string[];
      refundIds?: string[];
      adjustments?: number[];
      arrival?: number;
      status?: string;
    }) {
      const lines = [
        ...sessionIds.map((id) => {
          const intent = sessions.get(id)?.payment_intent;
          const made = [...charges.values()].find((c) => c.payment_intent === intent);
          if (!made?.balance_transaction) throw new Error(`Stripe stand-in: session ${id} has no settled charge`);
          return made.balance_transaction;
        }),
        ...refundIds.map((id) => {
          const transaction = refundTransactions.get(id);
          if (!transaction) throw new Error(`Stripe stand-in: refund ${id} is not settled`);
          return transaction;
        }),
        ...adjustments.map((amount) => newBalanceTransaction("adjustment", `adj_${randomId()}`, amount, 0).id),
      ];
      const amount = lines.reduce((sum, id) => sum + balanceTransactions.get(id)!.net, 0);
      const id = `po_${randomId()}`;
      const own = newBalanceTransaction("payout", id, -amount, 0).id;
      payouts.push({
        id,
        object: "payout",
        amount,
        arrival_date: arrival,
        status,
        created: Math.floor(Date.now() / 1000),
        lines: [...lines, own],
      });
      return { id, amount };
    },
    /** Lists answer at most `count` items a page from now on (Stripe's own cap is 100). */
    pageListsAt(count: number) {
      listPageAtMost = count;
    },
    /** Every balance transaction made, by id (charges', refunds', payouts', adjustments'). */
    balanceTransactions,
    /** The charge's balance transaction of a paid session, or null while Stripe has not settled it. */
    chargeTransactionOf(sessionId: string): StandInBalanceTransaction | null {
      const intent = sessions.get(sessionId)?.payment_intent;
      const made = [...charges.values()].find((c) => c.payment_intent === intent);
      return made?.balance_transaction ? (balanceTransactions.get(made.balance_transaction) ?? null) : null;
    },
    /** From now on charges and refunds wait for `settle()` before they have a balance transaction ("not yet available"). */
    settleLater() {
      settleLater = true;
    },
    /** Stripe settles what was waiting: each charge and refund gets its balance transaction, and new ones at once. */
    settle() {
      settleLater = false;
      for (const waiting of unsettled.splice(0)) {
        if (waiting.kind === "charge") settleCharge(charges.get(waiting.id)!);
        else settleRefund(refunds.get(waiting.id)!);
      }
    },
    stop: (): Promise<void> => server.stop(true),
  };
}

/**
 * A Stripe event around `session`, signed the way Stripe signs webhooks, by
 * the SDK's own helper. Async because under Bun the SDK's crypto is
 * SubtleCrypto, which cannot sign synchronously (generateTestHeaderString
 * throws there). `timestamp` (unix seconds) backdates the signature.
 */
export async function signedEvent(
  type: string,
  session: StandInSession | Record<string, unknown>,
  secret: string,
  options: { timestamp?: number } = {},
): Promise<{ payload: string; header: string; eventId: string }> {
  const eventId = `evt_${randomId()}`;
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: options.timestamp ?? Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
  const header = await Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: options.timestamp });
  return { payload, header, eventId };
}

/**
 * Stripe's form encoding (`a[b][0][c]=v`) into nested objects; a numeric
 * segment makes an array. Values stay strings, as on the wire.
 */
function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const head = key.split("[", 1)[0] ?? key;
    const path = [head, ...[...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? "")];
    let node: any = root;
    path.forEach((segment, i) => {
      const next = path[i + 1];
      if (next === undefined) node[segment] = value;
      else node = node[segment] ??= /^\d+$/.test(next) ? [] : {};
    });
  }
  return root;
}

function stripeError(status: number, type: string, message: string, extra: Record<string, string> = {}): Reply {
  return { status, body: { error: { type, message, ...extra } } };
}

/** Key order must not make two equal requests look different. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function randomId(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 24);
}
