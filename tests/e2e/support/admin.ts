import { type Cookie, expect, type Page } from "@playwright/test";

/**
 * The owner's password the browser stories' shop runs with (playwright.config.ts
 * passes it as ADMIN_PASSWORD). Sign-in allows 10 tries a minute per address and
 * 60 a minute for the whole shop, so the stories of a worker share the owner's session.
 */
export const E2E_ADMIN_PASSWORD = "correct horse battery staple";

/** The owner's session cookies from the last sign-in in this worker, handed to each story's own browser context. */
let ownerSession: Cookie[] = [];

/**
 * Opens `path` (an admin page, /admin unless said) signed in: with this worker's owner session while it is still
 * live (a story that signed out ended it), else signed in through the call the
 * sign-in form makes, once for the worker's stories. The sign-in screen itself is
 * tested by its own stories, which type the password.
 */
export async function signIn(page: Page, path = "/admin"): Promise<void> {
  const nav = page.getByRole("navigation", { name: "Admin" });
  const password = page.getByLabel("Password");
  if (ownerSession.length === 0) await signInThroughCall(page);
  else await page.context().addCookies(ownerSession);
  await page.goto(path);
  await expect(nav.or(password)).toBeVisible();
  if (await password.isVisible()) {
    await signInThroughCall(page);
    await page.reload();
  }
  await expect(nav).toBeVisible();
}

/** POST /api/admin/login from the page's own context, so its session cookie is the page's; kept for the worker's next stories. */
async function signInThroughCall(page: Page): Promise<void> {
  const answer = await page.request.post("/api/admin/login", { data: { password: E2E_ADMIN_PASSWORD } });
  expect(answer.status(), await answer.text()).toBe(200);
  ownerSession = await page.context().cookies();
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
