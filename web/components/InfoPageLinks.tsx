/**
 * The list items linking the shop's information pages (and finding an order,
 * docs/decisions/0022-phone-shopping-and-finding-an-order.md). The footer and the mobile menu both end with
 * them, so a new information page is added once and shows in both.
 */
export function InfoPageLinks() {
  return (
    <>
      <li>
        <a href="/order">Track your order</a>
      </li>
      <li>
        <a href="/contact">Contact</a>
      </li>
      <li>
        <a href="/policies">Policies</a>
      </li>
    </>
  );
}
