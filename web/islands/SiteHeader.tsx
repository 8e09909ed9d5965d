import { useEffect, useRef, useState } from "react";
import { unitCount } from "../../shared/basket";
import { applyTheme, currentTheme, type Theme } from "../../shared/theme";
import { BasketIcon, ChevronIcon, CloseIcon, LogoMark, MenuIcon, MoonIcon, SunIcon } from "../components/Icons";
import { InfoPageLinks } from "../components/InfoPageLinks";
import { useBasket } from "../lib/use-basket";

/** The category dropdown closes 180 ms after the pointer leaves (docs/product.md#layout). */
const DROPDOWN_CLOSE_DELAY_MS = 180;

export type SiteHeaderProps = {
  categories: { id: string; name: string }[];
  path: string;
  /** The configured name (the island cannot read configuration itself). */
  shopName: string;
};

export function SiteHeader({ categories, path, shopName }: SiteHeaderProps) {
  const items = useBasket();
  const count = unitCount(items);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawerPanel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setDrawerOpen(false);
      if (event.key === "Tab" && drawerPanel.current) keepTabInside(drawerPanel.current, event);
    };
    document.addEventListener("keydown", onKey);
    document.body.classList.add("no-scroll");
    // A modal menu takes focus with it, or a screen reader is left on the page the menu hides.
    drawerPanel.current?.querySelector<HTMLElement>(".drawer__close")?.focus();
    const opener = menuButton.current;
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove("no-scroll");
      opener?.focus();
    };
  }, [drawerOpen]);

  const current = (href: string) => ((href === "/" ? path === "/" : path === href || path.startsWith(`${href}/`)) ? "page" : undefined);

  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="brand" href="/" aria-label={`${shopName} home`}>
          <LogoMark />
          <span className="brand__name">{shopName}</span>
        </a>

        <nav className="main-nav" aria-label="Main">
          <ul className="main-nav__list">
            <li>
              <a className="main-nav__link" href="/" aria-current={current("/")}>
                Home
              </a>
            </li>
            <li>
              <ProductsMenu categories={categories} current={current("/products")} />
            </li>
            <li>
              <a className="main-nav__link" href="/custom-request" aria-current={current("/custom-request")}>
                Custom Request
              </a>
            </li>
          </ul>
        </nav>

        <div className="header-actions">
          <a className="icon-button basket-link" href="/basket" aria-label={`Basket, ${count} ${count === 1 ? "item" : "items"}`}>
            <BasketIcon />
            {count > 0 && (
              <span className="basket-badge" aria-hidden="true" data-testid="basket-count">
                {count}
              </span>
            )}
          </a>
          <ThemeToggle />
          <button
            type="button"
            ref={menuButton}
            className="icon-button menu-button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>

      <div className={`drawer ${drawerOpen ? "drawer--open" : ""}`} hidden={!drawerOpen}>
        <button type="button" className="drawer__backdrop" aria-label="Close menu" tabIndex={-1} onClick={() => setDrawerOpen(false)} />
        <div id="mobile-drawer" ref={drawerPanel} className="drawer__panel" role="dialog" aria-modal="true" aria-label="Menu">
          <button type="button" className="icon-button drawer__close" aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
            <CloseIcon />
          </button>
          <nav aria-label="Mobile">
            <ul className="drawer__list">
              <li>
                <a href="/">Home</a>
              </li>
              <li>
                <a href="/products">Products</a>
              </li>
              {categories.map((category) => (
                <li key={category.id} className="drawer__sub">
                  <a href={`/products?cat=${encodeURIComponent(category.id)}`}>{category.name}</a>
                </li>
              ))}
              <li>
                <a href="/custom-request">Custom Request</a>
              </li>
              <li>
                <a href="/basket">Basket{count > 0 ? ` (${count})` : ""}</a>
              </li>
              <InfoPageLinks />
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}

/** Tab from the menu's last link goes back to its first control, and Shift+Tab the other way round. */
function keepTabInside(container: HTMLElement, event: KeyboardEvent) {
  const focusable = [...container.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * How the category menu is open: "hover" while a mouse rests on Products,
 * "pinned" after a click, tap or Enter on the chevron. A mouse reaching the
 * chevron has already opened the menu by hovering, so its click pins the menu
 * rather than closing it again; touch has no hover, so a tap simply toggles.
 */
type MenuMode = "closed" | "hover" | "pinned";

function ProductsMenu({ categories, current }: { categories: SiteHeaderProps["categories"]; current: "page" | undefined }) {
  const [mode, setMode] = useState<MenuMode>("closed");
  const open = mode !== "closed";
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const cancelClose = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = null;
  };
  const close = () => {
    cancelClose();
    setMode("closed");
  };
  const closeSoon = () => {
    cancelClose();
    closeTimer.current = setTimeout(() => setMode("closed"), DROPDOWN_CLOSE_DELAY_MS);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a cleanup for unmounting only; cancelClose reads a ref, so any render's copy does
  useEffect(() => cancelClose, []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers open and close the menu for the button and links inside, which are the interactive parts
    <div
      className="dropdown"
      // Pointer events, so that only a real mouse hovers: a tap also fires an emulated mouseenter, which raced the tap's own click.
      onPointerEnter={(event) => {
        if (event.pointerType !== "mouse") return;
        cancelClose();
        setMode((was) => (was === "closed" ? "hover" : was));
      }}
      onPointerLeave={(event) => event.pointerType === "mouse" && closeSoon()}
      onKeyDown={(event) => event.key === "Escape" && close()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <a className="main-nav__link" href="/products" aria-current={current}>
        Products
      </a>
      <button
        type="button"
        className="dropdown__toggle"
        aria-label="Product categories"
        aria-expanded={open}
        aria-controls="category-menu"
        onClick={() => {
          cancelClose();
          setMode((was) => (was === "pinned" ? "closed" : "pinned"));
        }}
      >
        <ChevronIcon />
      </button>
      <ul id="category-menu" className="dropdown__menu" hidden={!open}>
        <li>
          <a href="/products">All products</a>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <a href={`/products?cat=${encodeURIComponent(category.id)}`}>{category.name}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ThemeToggle() {
  // The server cannot know the stored theme; both icons render and CSS shows the
  // right one, so the first paint is correct before this island even hydrates.
  const [theme, setTheme] = useState<Theme | null>(null);
  useEffect(() => setTheme(currentTheme()), []);
  const next: Theme = theme === "light" ? "dark" : "light";
  return (
    <button
      type="button"
      className="icon-button theme-toggle"
      aria-label={theme ? `Switch to ${next} mode` : "Switch colour theme"}
      onClick={() => {
        const chosen = currentTheme() === "light" ? "dark" : "light";
        applyTheme(chosen);
        setTheme(chosen);
      }}
    >
      <span className="theme-toggle__dark">
        <SunIcon />
      </span>
      <span className="theme-toggle__light">
        <MoonIcon />
      </span>
    </button>
  );
}
