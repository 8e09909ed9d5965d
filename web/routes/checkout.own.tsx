import type { ReactNode } from "react";
import { data, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { deliveryText } from "../../shared/delivery";
import { GIFT_DELIVERY_NOTE } from "../../shared/gift";
import { formatMinus, formatPence } from "../../shared/money";
import { DEMO_FORM_ERRORS, type DemoFormErrorCode } from "../../src/modules/own-checkout/model";
import type { OwnSession } from "../../src/services/payments/own-sessions";
import { CheckoutSummary } from "../components/CheckoutSummary";
import { depsOf, refusedFormOf } from "./context";
import type { RouteHandle } from "./meta";

type Typed = Partial<Record<string, string>>;

/** Only a refused post of the page's form brings a problem and typed values; the query string is never read, so no link can put words on it. */
function refusedOf(args: LoaderFunctionArgs) {
  const refused = refusedFormOf(args);
  const error = refused ? (DEMO_FORM_ERRORS[refused.errorCode as DemoFormErrorCode] ?? DEMO_FORM_ERRORS.form) : null;
  return { error, typed: (refused?.typed ?? {}) as Typed };
}

export function demoCheckoutLoader(args: LoaderFunctionArgs) {
  const { demoPayments } = depsOf(args);
  const session = demoPayments?.session(args.params.sessionId ?? "") ?? null;
  if (!session) throw data("There is no such test payment.", { status: 404 });
  return { session, ...refusedOf(args) };
}

/**
 * An order a gift voucher pays in full: the shop's own page asks for the email and the delivery address and places
 * it, with no card (docs/decisions/0054-gift-vouchers.md). Its summary is the checkout's own lines, as the
 * confirmation page shows them: the goods, any discount, delivery and the voucher's part.
 */
export async function voucherCheckoutLoader(args: LoaderFunctionArgs) {
  const { voucherPayments, checkout } = depsOf(args);
  const session = voucherPayments.session(args.params.sessionId ?? "");
  if (!session) throw data("There is no such order to confirm.", { status: 404 });
  const { line_items, amount_total } = await checkout.sessionView(session.id);
  return { session, summary: { line_items, amount_total }, ...refusedOf(args) };
}

const ownPageHandle = (title: string, description: string): RouteHandle => ({
  policy: { audience: "personal", secretParams: ["sessionId"] },
  meta: (_data, shop) => ({ title: `${title} · ${shop.name}`, description, path: null }),
});
export const demoCheckoutHandle = ownPageHandle("Test payment", "The shop's built-in test checkout.");
export const voucherCheckoutHandle = ownPageHandle("Confirm your order", "Your gift voucher pays for this order in full.");

/**
 * The built-in demo checkout (no Stripe key set): shaped like a card payment
 * page, plainly marked as a test, and a plain HTML form so it needs no JavaScript.
 */
export function DemoCheckoutPage() {
  const { session, error, typed } = useLoaderData<typeof demoCheckoutLoader>();
  return (
    <div className="container narrow demo-checkout">
      <p className="banner banner--warning" role="note">
        <strong>Test payment.</strong> This shop is running its built-in demo checkout: no card is asked for and no money is taken.
      </p>
      <h1>{`Pay ${formatPence(session.amountTotal)}`}</h1>
      <OrderSummary session={session} />
      {session.status === "open" ? (
        <PaymentForm session={session} error={error} typed={typed} placed="pay" />
      ) : (
        <EndedSession session={session} />
      )}
    </div>
  );
}

/** The page of an order a gift voucher pays in full: no card, nothing to pay, the same address form. */
export function VoucherCheckoutPage() {
  const { session, summary, error, typed } = useLoaderData<typeof voucherCheckoutLoader>();
  return (
    <div className="container narrow demo-checkout">
      <p className="banner" role="note">
        <strong>Nothing to pay.</strong> Your gift voucher pays for this order in full, so no card is needed.
      </p>
      <h1>Confirm your order</h1>
      <CheckoutSummary session={summary} className="demo-checkout__summary" />
      {session.status === "open" ? (
        <PaymentForm session={session} error={error} typed={typed} placed="place" />
      ) : (
        <EndedSession session={session} />
      )}
    </div>
  );
}

/** A completed or expired session's page: where the order is, or how to start again. */
function EndedSession({ session }: { session: OwnSession }) {
  return session.status === "complete" ? (
    <p className="card">
      {session.paymentStatus === "no_payment_required" ? "This order is placed." : "This payment is complete."}{" "}
      <a href={session.successUrl}>See your order confirmation</a>.
    </p>
  ) : paysForQuote(session) ? (
    <p className="card" role="alert">
      This payment session has expired and nothing was charged. <a href={session.cancelUrl}>Go back to your quote</a> to pay it again.
    </p>
  ) : (
    <p className="card" role="alert">
      This payment session has expired and the items are no longer held for you. Your basket is still saved:{" "}
      <a href="/basket">go back to your basket</a> and check out again.
    </p>
  );
}

function OrderSummary({ session }: { session: OwnSession }) {
  return (
    <section className="card demo-checkout__summary" aria-label="Order summary">
      <ul className="order-items">
        {session.lines.map((line, index) => (
          <li key={`${line.name}-${index}`}>
            <span>
              {`${line.quantity} × ${line.name}`}
              {line.description && <span className="demo-checkout__line-note">{line.description}</span>}
            </span>
            <span>{formatPence(line.unitAmountPence * line.quantity)}</span>
          </li>
        ))}
        {session.discount && (
          <li>
            <span>{`Discount (${session.discount.code})`}</span>
            <span>{formatMinus(session.discount.amountPence)}</span>
          </li>
        )}
        <li>
          <span>{session.emailedOnly ? "Delivery" : session.deliveryPence === 0 ? "Free UK delivery" : "UK delivery"}</span>
          <span>{deliveryText(session.deliveryPence, session.emailedOnly)}</span>
        </li>
        <li className="order-items__total">
          <span>Total</span>
          <span>{formatPence(session.amountTotal)}</span>
        </li>
      </ul>
    </section>
  );
}

/**
 * A quote's payment returns to the quote page on Cancel (its cancel URL is the quote's link, decision 0014); a
 * basket's to the basket. The cancel URL is the shop's own, so its path says which.
 */
function paysForQuote(session: OwnSession): boolean {
  return new URL(session.cancelUrl).pathname.startsWith("/quote/");
}

/**
 * The page's one form: the email and delivery address, then Pay (the demo's test payment, with a billing address if it
 * differs) or Place order (an order a gift voucher pays in full: no card, so no billing address).
 */
function PaymentForm({
  session,
  error,
  typed,
  placed,
}: {
  session: OwnSession;
  error: string | null;
  typed: Typed;
  placed: "pay" | "place";
}) {
  const action = `${placed === "pay" ? "/checkout/demo" : "/checkout/voucher"}/${encodeURIComponent(session.id)}`;
  const addressKind = session.emailedOnly ? "billing" : "shipping";
  // What the shop already knows of the payer fills the page, as Stripe fills customer_email; what they typed wins.
  const known: Typed = session.payer ? { email: session.payer.email, name: session.payer.name } : {};
  const field = (name: string, label: string, options: { type?: string; autoComplete?: string; required?: boolean } = {}) => (
    <div className="field">
      <label htmlFor={`demo-${name}`}>{label}</label>
      <input
        id={`demo-${name}`}
        name={name}
        type={options.type ?? "text"}
        autoComplete={options.autoComplete}
        required={options.required ?? true}
        defaultValue={typed[name] ?? known[name] ?? ""}
      />
    </div>
  );
  return (
    <form className="card form demo-checkout__form" method="post" action={`${action}/${placed}`}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <fieldset>
        <legend>Contact</legend>
        {field("email", "Email", { type: "email", autoComplete: "email" })}
      </fieldset>
      <fieldset>
        {/* Gift vouchers only: nothing is posted, so the one address asked for is the billing address, as on Stripe's page. */}
        <legend>{session.emailedOnly ? "Billing address" : "Delivery address"}</legend>
        {session.gift && !session.emailedOnly && <p className="hint demo-checkout__gift">{GIFT_DELIVERY_NOTE}</p>}
        {field("name", "Full name", { autoComplete: `${addressKind} name` })}
        {field("line1", "Address line 1", { autoComplete: `${addressKind} address-line1` })}
        {field("line2", "Address line 2 (optional)", { autoComplete: `${addressKind} address-line2`, required: false })}
        <div className="form__row">
          {field("city", "Town or city", { autoComplete: `${addressKind} address-level2` })}
          {field("postalCode", "Postcode", { autoComplete: `${addressKind} postal-code` })}
        </div>
        <div className="field">
          <label htmlFor="demo-country">Country</label>
          <select id="demo-country" name="country" autoComplete={`${addressKind} country`} defaultValue="GB">
            <option value="GB">United Kingdom</option>
          </select>
        </div>
      </fieldset>
      {placed === "place" || session.emailedOnly ? (
        // Nothing is paid (no billing address), or nothing is posted (the one address is the billing address).
        <input type="hidden" name="billingSame" value="1" />
      ) : (
        <BillingAddress field={field} typed={typed} />
      )}
      <div className="demo-checkout__actions">
        <button className="button button--primary button--large" type="submit">
          {placed === "pay" ? `Pay ${formatPence(session.amountTotal)} (test)` : "Place order"}
        </button>
        {/* A POST: a link or prefetch must never end the payment. No validation: leaving needs no address. */}
        <button className="button button--ghost" type="submit" formAction={`${action}/cancel`} formNoValidate>
          {paysForQuote(session) ? "Cancel and return to your quote" : "Cancel and return to basket"}
        </button>
      </div>
    </form>
  );
}

function BillingAddress({
  field,
  typed,
}: {
  field: (name: string, label: string, options?: { autoComplete?: string; required?: boolean }) => ReactNode;
  typed: Typed;
}) {
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" name="billingSame" value="1" defaultChecked={typed.billingSame !== "0"} /> Billing address is the same as
        delivery
      </label>
      <details className="demo-checkout__billing" open={typed.billingSame === "0"}>
        <summary>Billing address, if different</summary>
        {field("billingName", "Name on billing address", { autoComplete: "billing name", required: false })}
        {field("billingLine1", "Billing address line 1", { autoComplete: "billing address-line1", required: false })}
        {field("billingLine2", "Billing address line 2 (optional)", { autoComplete: "billing address-line2", required: false })}
        <div className="form__row">
          {field("billingCity", "Billing town or city", { autoComplete: "billing address-level2", required: false })}
          {field("billingPostalCode", "Billing postcode", { autoComplete: "billing postal-code", required: false })}
        </div>
      </details>
    </>
  );
}
