import { expect, type Locator } from "@playwright/test";

/** An <img> the browser actually decoded, not just one in the page. */
export async function expectLoaded(image: Locator): Promise<void> {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}
