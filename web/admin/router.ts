import { useSyncExternalStore } from "react";
import { mayLeave } from "./unsaved-changes";

/** The admin pages of docs/product.md#admin-navigation, in the navigation's order. */
export const ADMIN_PAGES = [
  { path: "/admin", label: "Dashboard" },
  { path: "/admin/orders", label: "Orders" },
  { path: "/admin/products", label: "Products" },
  { path: "/admin/projects", label: "Projects" },
  { path: "/admin/discounts", label: "Discounts" },
  { path: "/admin/vouchers", label: "Vouchers" },
  { path: "/admin/pricing", label: "Pricing" },
  { path: "/admin/money", label: "Money" },
  { path: "/admin/payouts", label: "Payouts" },
  { path: "/admin/configuration", label: "Configuration" },
] as const;
export type AdminPath = (typeof ADMIN_PAGES)[number]["path"];

const NAVIGATED = "admin:navigate";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("popstate", onChange);
  window.addEventListener(NAVIGATED, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(NAVIGATED, onChange);
  };
}

/** "/admin/orders/" and "/admin/orders" are the same page. */
function currentPath(): string {
  return window.location.pathname.replace(/\/+$/, "") || "/";
}

/** The admin page in the address bar; changes with navigate() and the browser's back and forward. */
export function useAdminPath(): string {
  return useSyncExternalStore(subscribe, currentPath, () => "/admin");
}

/** One query parameter of the address, e.g. the open order on /admin/orders?order=ORD-…. */
export function useQueryParam(name: string): string | null {
  const search = useSyncExternalStore(
    subscribe,
    () => window.location.search,
    () => "",
  );
  return new URLSearchParams(search).get(name);
}

/** Client-side navigation between admin pages: a history entry, no page load. Unsaved changes are asked about first. */
export function navigate(path: AdminPath, query: Record<string, string> = {}): void {
  const search = new URLSearchParams(query).toString();
  const target = search ? `${path}?${search}` : path;
  if (`${currentPath()}${window.location.search}` === target) return;
  if (!mayLeave()) return;
  window.history.pushState(null, "", target);
  window.dispatchEvent(new Event(NAVIGATED));
  window.scrollTo(0, 0);
}

export function pageLabel(path: string): string | null {
  return ADMIN_PAGES.find((page) => page.path === path)?.label ?? null;
}
