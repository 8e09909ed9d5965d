import { expect, type Page } from "@playwright/test";
import type { PickedFile } from "./files";

/**
 * Picks a GPX file on a relief map's page and waits until the browser has read
 * and drawn it. Nothing is sent yet: the route goes to the shop once, with its
 * trim, when it is added to the basket (docs/decisions/0028-route-trim-in-the-browser.md).
 */
export async function chooseRoute(page: Page, file: PickedFile): Promise<void> {
  await page.getByLabel("Your route (GPX file)").setInputFiles(file);
  await expect(page.getByRole("img", { name: /^Your route: / })).toBeVisible();
}

/** Every request for an upload the page makes from now on, in order. */
export function recordUploads(page: Page): string[] {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith("/upload")) sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return sent;
}
