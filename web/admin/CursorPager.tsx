import type { ReactNode } from "react";

/**
 * The earlier and later pages of a list the server pages by cursor (docs/decisions/0059-every-list-bounded.md):
 * `cursors` holds the X-Next-Cursor that led to each page after the first, `next` the one the page shown gave (null:
 * it is the last). `back` and `forward` name the way for the list's order (Newer and Older on a newest-first list).
 */
export function CursorPager({
  label,
  cursors,
  next,
  onPage,
  back = "Previous",
  forward = "Next",
  children,
}: {
  label: string;
  cursors: readonly string[];
  next: string | null | undefined;
  onPage: (cursors: string[]) => void;
  back?: string;
  forward?: string;
  /** Said after "Page N" (a count of the whole list, where the server gives one). */
  children?: ReactNode;
}) {
  const pageNumber = cursors.length + 1;
  return (
    <nav className="admin-pager" aria-label={label}>
      <button type="button" className="button button--ghost" disabled={pageNumber === 1} onClick={() => onPage(cursors.slice(0, -1))}>
        {back}
      </button>
      <span>
        Page {pageNumber}
        {children}
      </span>
      <button type="button" className="button button--ghost" disabled={!next} onClick={() => next && onPage([...cursors, next])}>
        {forward}
      </button>
    </nav>
  );
}
