import type { Browser, Page } from "@playwright/test";
import { PICTURES_WANTED, picture } from "./pictures";
import { showTheme, THEMES } from "./theme";

/** The phone the stories of the order pages are told on. */
const PHONE = { width: 390, height: 844 };

/**
 * Pictures of the page as it is now in both themes, `name-dark.png` and `name-light.png`, for a person to look at
 * (only when asked for: pictures.ts). The theme is put on the page itself (`showTheme`), so nothing reloads between them.
 */
export async function pictureInBothThemes(page: Page, name: string, { fullPage = false } = {}): Promise<void> {
  if (!PICTURES_WANTED) return;
  for (const theme of THEMES) {
    await showTheme(page, theme);
    await picture(page, `${name}-${theme}`, { fullPage });
  }
}

/** A phone's page with JavaScript off, for the part of a story that reads a page as a plain form: closed after `read`. */
export async function readWithoutJavaScript(browser: Browser, read: (page: Page) => Promise<void>): Promise<void> {
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  try {
    await read(await plain.newPage());
  } finally {
    await plain.close();
  }
}
