import { expect, type Page } from "@playwright/test";

/** The storefront's two themes (shared/theme.ts); dark is the default. */
export const THEMES = ["dark", "light"] as const;
export type StoryTheme = (typeof THEMES)[number];

/**
 * Opens every page of the story in `theme`: the stored choice the inline theme script reads before first paint.
 * For a story about one theme; a story that checks both on one loaded page uses `switchTheme`.
 */
export async function chooseTheme(page: Page, theme: StoryTheme): Promise<void> {
  await page.addInitScript((chosen) => localStorage.setItem("strata.theme", chosen), theme);
}

/**
 * Switches the page already loaded to `theme` with the header's own toggle, as a shopper does, and waits until the
 * page has finished changing colour (`settledIn`). The page then looks as it does when loaded in that theme (the
 * toggle stores the choice, so the next page opens in it too), without loading it again
 * (docs/decisions/0052-each-screen-loaded-once-for-both-themes.md).
 */
export async function switchTheme(page: Page, theme: StoryTheme): Promise<void> {
  const root = page.locator("html");
  await expect(root).toHaveClass(new RegExp(`\\b${theme === "light" ? "dark" : "light"}\\b`));
  await page.getByRole("button", { name: `Switch to ${theme} mode` }).click();
  await settledIn(page, theme);
}

/**
 * Puts the page already loaded in `theme` as its first-paint script does, for a screen with no toggle in reach (the
 * owner's admin, or a page under an open dialog), and waits as `switchTheme` does. Nothing is stored.
 */
export async function showTheme(page: Page, theme: StoryTheme): Promise<void> {
  await page.evaluate((value) => {
    const root = document.documentElement;
    root.classList.remove("light", "dark");
    root.classList.add(value);
    root.style.colorScheme = value;
  }, theme);
  await settledIn(page, theme);
}

/**
 * Waits until the page is in `theme` and has finished changing colour: buttons ease their colours
 * (web/styles/components.css), and a colour check or picture made during that easing would show colours no one
 * sees for long.
 */
async function settledIn(page: Page, theme: StoryTheme): Promise<void> {
  await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${theme}\\b`));
  await page.evaluate(async () => {
    // Reading a style makes the browser apply the new theme's styles now, which starts their transitions.
    getComputedStyle(document.body).color;
    const easing = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    await Promise.allSettled(easing.map((animation) => animation.finished));
  });
}
