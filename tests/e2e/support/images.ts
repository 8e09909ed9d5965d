import { expect, type Locator } from "@playwright/test";

/** An <img> the browser actually decoded, not just one in the page. */
export async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  // A lazy picture below the fold loads only once a person scrolls to it, as they would to look at it.
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}
