import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { apiCall, failureText, isSessionEnd } from "./api";

/** Success banners show for 3 seconds (docs/product.md#constants). */
const SUCCESS_BANNER_MS = 3_000;

/** What an action came to: a success note or an error, or nothing yet. */
type Result = { tone: "success" | "error"; text: string } | null;

export type ResultState = {
  result: Result;
  /** A success note; it clears itself after 3 seconds. */
  succeed: (text: string) => void;
  /** An error; it stays until the next result or clear(). */
  fail: (text: string) => void;
  clear: () => void;
};

/** A page's results: each holder says when it shows one, and hears when another does. */
type ResultScope = { shown: (holder: symbol) => void; onShown: (listener: (holder: symbol) => void) => () => void };

const ResultScopeContext = createContext<ResultScope | null>(null);

/**
 * Around an admin page: a result shown anywhere on it (a form's error, a list's "Deleted …") takes
 * the place of every success note shown before it, so a note never stands beside a later attempt's
 * error in another part of the page. An error stays with its form until that form's next result:
 * the form still holds what was not saved (docs/decisions/0029-order-page-and-reachable-messages.md).
 */
export function OneResultAtATime({ children }: { children: ReactNode }) {
  const scope = useMemo<ResultScope>(() => {
    const listeners = new Set<(holder: symbol) => void>();
    return {
      shown: (holder) => {
        for (const listener of listeners) listener(holder);
      },
      onShown: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  }, []);
  return <ResultScopeContext.Provider value={scope}>{children}</ResultScopeContext.Provider>;
}

/**
 * The one holder of a form's or page's result. Success and error share one
 * slot, so a newer result always replaces the older one: a success note can
 * never stand beside the error of a later attempt. A newer note restarts the
 * 3-second clock; an error stops it. Inside `OneResultAtATime`, a result shown
 * by another holder on the page ends this one's success note too.
 */
export function useResult(): ResultState {
  const [result, setResult] = useState<Result>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const scope = useContext(ResultScopeContext);
  const [self] = useState(() => Symbol("result"));
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useEffect(
    () =>
      scope?.onShown((holder) => {
        if (holder === self) return;
        setResult((current) => {
          if (current?.tone !== "success") return current;
          if (timer.current) clearTimeout(timer.current);
          return null;
        });
      }),
    [scope, self],
  );
  const show = useCallback(
    (next: Result) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = next?.tone === "success" ? setTimeout(() => setResult(null), SUCCESS_BANNER_MS) : null;
      setResult(next);
      if (next) scope?.shown(self);
    },
    [scope, self],
  );
  return useMemo(
    () => ({
      result,
      succeed: (text: string) => show({ tone: "success", text }),
      fail: (text: string) => show({ tone: "error", text }),
      clear: () => show(null),
    }),
    [result, show],
  );
}

type DeleteRow = {
  /** What the owner is asked to confirm. */
  question: string;
  /** The API path of the row: DELETE is sent there. */
  path: string;
  /** How the row is called in "Deleted <name>." */
  name: string;
  reload: () => Promise<unknown>;
  /** Runs once the row is gone, before the list reloads (an editor open on it closes). */
  onDeleted?: () => void;
};

/** A list page's Delete: asks first, deletes, says so and reloads the list; a refusal shows the server's reason. */
export async function deleteRow(result: ResultState, { question, path, name, reload, onDeleted }: DeleteRow): Promise<void> {
  if (!window.confirm(question)) return;
  result.clear();
  try {
    await apiCall(path, { method: "DELETE" });
    onDeleted?.();
    result.succeed(`Deleted ${name}.`);
    await reload();
  } catch (caught) {
    if (!isSessionEnd(caught)) result.fail(failureText(caught, "Delete failed", "Delete failed: network error"));
  }
}

/** Where a form or page shows its result: one line at most. */
export function ResultNotice({ state }: { state: ResultState }) {
  return state.result ? <Notice tone={state.result.tone}>{state.result.text}</Notice> : null;
}

export type Tone = "success" | "info" | "warning" | "error";

/** A message line: errors are alerts, everything else a polite status. */
export function Notice({ tone, children }: { tone: Tone; children: ReactNode }) {
  if (!children) return null;
  return (
    <p className={`admin-notice admin-notice--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** A modal dialog on the native <dialog>: focus moves in, Escape closes, the page behind is inert. */
export function Dialog({
  title,
  onClose,
  children,
  actions,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  actions: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby="admin-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="admin-dialog-title">{title}</h2>
      <div className="admin-dialog__body">{children}</div>
      <div className="admin-dialog__actions">{actions}</div>
    </dialog>
  );
}

/**
 * A table row's Edit and Delete buttons, named after the row ("Edit Hex planter",
 * "Delete Hex planter") so a screen reader or voice control can tell the rows
 * apart. With `open`, Edit shows the row's editor below it and reads "Close"
 * while it is open (aria-expanded says which).
 */
export function RowActions({ name, open, onEdit, onDelete }: { name: string; open?: boolean; onEdit: () => void; onDelete: () => void }) {
  const editText = open ? "Close" : "Edit";
  return (
    <div className="admin-actions">
      <button
        type="button"
        className="button button--ghost admin-button--small"
        aria-expanded={open}
        aria-label={`${editText} ${name}`}
        onClick={onEdit}
      >
        {editText}
      </button>
      <button
        type="button"
        className="button button--ghost admin-button--small admin-button--danger"
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </button>
    </div>
  );
}

/** The header of a list page: its title and the button that opens (and closes) the form for a new item. */
export function ListPageHeader({ title, noun, adding, onToggle }: { title: string; noun: string; adding: boolean; onToggle: () => void }) {
  return (
    <header className="admin-page__header">
      <h1>{title}</h1>
      <button type="button" className="button button--primary" aria-expanded={adding} onClick={onToggle}>
        {adding ? `Close new ${noun}` : `Add ${noun}`}
      </button>
    </header>
  );
}

/** The row under an opened table row that holds its editor, across every column. */
export function EditorRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr className="admin-editor-row">
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}

/** A table that scrolls sideways inside its card on a narrow screen instead of widening the page. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="admin-table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/**
 * An admin table in its scroller: the headings and the rows the page gives. One shape for every admin list, so a
 * list reads as cards at phone width (`admin-table--cards`) the same way everywhere.
 */
export function AdminTable({
  label,
  columns,
  className,
  testId,
  children,
}: {
  label: string;
  columns: Column[];
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <TableScroller label={label}>
      <table className={className ? `admin-table ${className}` : "admin-table"} data-testid={testId}>
        <ColumnHeadings columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </TableScroller>
  );
}

/** A cell of an amount or a count: right-aligned, and labelled by its column when the table reads as cards. */
export function AmountCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td data-label={label} className="admin-num">
      {children}
    </td>
  );
}

/** A column's heading; `align` is for a column of amounts ("num", right) or of marks ("center"), as its cells are. */
type Column = string | { label: string; align: "num" | "center" };

/** The heading row of an admin table: every heading a column header (`scope="col"`) for screen readers. */
export function ColumnHeadings({ columns }: { columns: Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) =>
          typeof column === "string" ? (
            <th key={column} scope="col">
              {column}
            </th>
          ) : (
            <th key={column.label} scope="col" className={`admin-${column.align}`}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** Pence to the text of a £ input: 1250 → "12.50". */
export function penceToPoundsText(pence: number | null | undefined): string {
  return pence === null || pence === undefined ? "" : (pence / 100).toFixed(2);
}

/** A £ input to whole pence (pounds × 100, rounded); null when it is not a number of at least 0. */
export function poundsTextToPence(text: string): number | null {
  if (text.trim() === "") return null;
  const pounds = Number(text);
  if (!Number.isFinite(pounds) || pounds < 0) return null;
  return Math.round(pounds * 100);
}

/** A whole number of at least 0 or blank (null); undefined when it is neither. */
export function wholeOrBlank(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/London" });

/** Short en-GB date and time for tables. */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}
