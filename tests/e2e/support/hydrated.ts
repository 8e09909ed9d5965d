import { expect, type Page } from "@playwright/test";

/**
 * Opens a storefront page and waits until web/client.tsx has hydrated every
 * island on it (`<html data-hydrated>`). Typing or choosing a file earlier can
 * be undone by React taking the element over.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
}
