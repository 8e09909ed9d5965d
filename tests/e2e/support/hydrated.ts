import { expect, type Page } from "@playwright/test";

/**
 * Waits until web/client.tsx has hydrated every island on the page
 * (`<html data-hydrated>`). Typing, ticking or choosing a file earlier can be
 * undone by React taking the element over.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
}

/** Opens a storefront page and waits for its islands. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await islandsHydrated(page);
}

/** Reloads a storefront page and waits for its islands. */
export async function reloadHydrated(page: Page): Promise<void> {
  await page.reload();
  await islandsHydrated(page);
}
