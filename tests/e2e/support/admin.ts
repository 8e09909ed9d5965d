import { expect, type Page } from "@playwright/test";

/**
 * The owner's password the browser stories' shop runs with (playwright.config.ts
 * passes it as ADMIN_PASSWORD). Sign-in allows 10 tries a minute per address and
 * every story shares one address: sign in once per story.
 */
export const E2E_ADMIN_PASSWORD = "correct horse battery staple";

export async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
}

/** A page's button in the admin navigation ("Orders", "Products", …). */
export const adminNav = (page: Page, name: string) =>
  page.getByRole("navigation", { name: "Admin" }).getByRole("button", { name, exact: true });

/** Signs in and opens the order's page from the Orders list, as the owner would. */
export async function openOrderAsOwner(page: Page, orderId: string): Promise<void> {
  await signIn(page);
  await adminNav(page, "Orders").click();
  await page.getByRole("button", { name: `View order ${orderId}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
}
