import { adminNav, signIn } from "./support/admin";
import { expect, test } from "./support/test";

// The story shop runs with no mail service (no RESEND_API_KEY, no MAIL_FROM), so
// no order or tracking email reaches a customer
// (docs/decisions/0010-hardening.md). Every admin page says so, in one place
// above the page, until email delivery is set up.

const BANNER = "Email is not set up: customers are not receiving order or tracking emails.";

test("every admin page shows the 'Email is not set up' banner while no mail service is configured", async ({ page }) => {
  await signIn(page);
  const banner = page.getByRole("status").filter({ hasText: BANNER });
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(banner).toBeVisible();
  for (const name of ["Orders", "Products", "Projects", "Configuration", "Dashboard"]) {
    await adminNav(page, name).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(banner).toBeVisible();
  }
  // A fresh load of a deep page shows it too, and it is the only one.
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(banner).toHaveCount(1);
  await expect(banner).toBeVisible();
});
