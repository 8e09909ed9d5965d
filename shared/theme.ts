/**
 * Theme preference (docs/product.md#layout): light or dark, dark by default, kept in
 * localStorage. THEME_BOOT_SCRIPT runs inline in <head> before the first
 * paint so a light-mode shopper never sees a flash of dark. Its exact text is
 * hashed for the Content-Security-Policy, so change it only deliberately.
 */
export type Theme = "light" | "dark";
const THEME_STORAGE_KEY = "strata.theme";
const DEFAULT_THEME: Theme = "dark";

export const THEME_BOOT_SCRIPT = `(function(){var t="${DEFAULT_THEME}";try{var s=localStorage.getItem("${THEME_STORAGE_KEY}");if(s==="light"||s==="dark")t=s}catch(e){}var d=document.documentElement;d.classList.remove("light","dark");d.classList.add(t);d.style.colorScheme=t})();`;

export function currentTheme(): Theme {
  return document.documentElement.classList.contains("light") ? "light" : "dark";
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(theme);
  root.style.colorScheme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}
