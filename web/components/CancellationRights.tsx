/**
 * The right to cancel as the Consumer Contracts Regulations 2013 give it — 14 days for stock
 * items, none for goods made to the shopper's specification (regulation 28(1)(b)) — said before
 * paying (docs/product.md#cancellation-rights). Faulty goods are covered either way (Consumer
 * Rights Act 2015).
 */
export function CancellationRights({ email }: { email: string }) {
  return (
    <section aria-labelledby="cancelling">
      <h2 id="cancelling">Your right to cancel</h2>
      <p>
        <strong>Stock items:</strong> you can cancel for any reason within 14 days of the day you receive them. Tell us by email at{" "}
        <a href={`mailto:${email}`}>{email}</a>, then send the items back within a further 14 days. We refund the item price and the
        standard delivery you paid within 14 days of getting them back; you pay for the return postage.
      </p>
      <p>
        <strong>Made to your specification:</strong> items made from your GPX route, your photo, or a custom request we quoted for are made
        for you alone, so the 14-day right to cancel does not apply (Consumer Contracts Regulations 2013, regulation 28(1)(b)). Each product
        page says so next to its buy button.
      </p>
      <p>
        <strong>Faulty or not as described:</strong> whatever you bought, if it arrives faulty, damaged or not as described, you are fully
        covered: tell us and we will repair, replace or refund it.
      </p>
    </section>
  );
}
