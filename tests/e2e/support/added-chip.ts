import type { Page } from "@playwright/test";
import { watchReachableWhenShown } from "./tappable";

/**
 * The 'Added to basket' chip, shown for 2 seconds (docs/product.md#product-page), watched by the page itself from
 * before the click (watchReachableWhenShown): call this, click, then await what it answers, which expects the page
 * showed the chip where a person could see and touch it.
 */
export function watchAddedChip(page: Page): Promise<() => Promise<void>> {
  return watchReachableWhenShown(page, '[role="status"]', "Added to basket");
}
