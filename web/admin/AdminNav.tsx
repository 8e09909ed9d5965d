import { useEffect, useRef } from "react";
import { ADMIN_PAGES, navigate } from "./router";
import { useSession } from "./session";
import { mayLeave } from "./unsaved-changes";

/**
 * Dashboard, Orders, Products, Projects, Configuration, Refresh, Sign out; the current page disabled
 * (docs/product.md#admin-navigation).
 */
export function AdminNav({ path, onRefresh }: { path: string; onRefresh: () => void }) {
  const { signOut } = useSession();
  const pages = useRef<HTMLUListElement>(null);
  // On a phone the pages are one strip that scrolls inside the bar: the current one is brought into it.
  useEffect(() => {
    pages.current?.querySelector(`[data-path="${path}"]`)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [path]);
  return (
    <nav className="admin-nav" aria-label="Admin">
      <ul className="admin-nav__pages" ref={pages}>
        {ADMIN_PAGES.map((page) => {
          const current = page.path === path;
          return (
            <li key={page.path}>
              <button
                type="button"
                className="admin-nav__button"
                data-path={page.path}
                disabled={current}
                aria-current={current ? "page" : undefined}
                onClick={() => navigate(page.path)}
              >
                {page.label}
              </button>
            </li>
          );
        })}
      </ul>
      <div className="admin-nav__actions">
        <button type="button" className="button button--ghost admin-button--small" onClick={() => mayLeave() && onRefresh()}>
          Refresh
        </button>
        <button type="button" className="button button--secondary admin-button--small" onClick={() => mayLeave() && void signOut()}>
          Sign out
        </button>
      </div>
    </nav>
  );
}
