import type { ReactNode } from "react";

/**
 * A card of rows the owner adds and removes (materials, printers, support bands, quantity breaks):
 * each row a group named after it, with its Remove button; Add puts an empty row at the end. Rows
 * are saved with the whole form.
 */
export function RowList<Row extends { key: string }>({
  title,
  hint,
  noun,
  rows,
  name,
  onAdd,
  onRemove,
  render,
}: {
  title: string;
  hint: string;
  /** "material": "Add material", "Remove material PLA". */
  noun: string;
  rows: Row[];
  /** How a row is called in its Remove button and group label ("PLA", "band 2"). */
  name: (row: Row, index: number) => string;
  onAdd: () => void;
  onRemove: (key: string) => void;
  render: (row: Row, index: number) => ReactNode;
}) {
  const titleId = `pricing-${noun.replaceAll(" ", "-")}-title`;
  return (
    <section className="card admin-section admin-pricing__card" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <p className="hint">{hint}</p>
      {rows.length === 0 && <p className="muted">{`No ${noun}s yet.`}</p>}
      {rows.map((row, index) => {
        const called = name(row, index).trim() || `new ${noun}`;
        return (
          <fieldset key={row.key} className="admin-pricing__row">
            <legend className="visually-hidden">{called}</legend>
            {render(row, index)}
            <button
              type="button"
              className="button button--ghost admin-button--small admin-button--danger admin-pricing__remove"
              onClick={() => onRemove(row.key)}
            >
              {`Remove ${noun}`}
              <span className="visually-hidden"> {called}</span>
            </button>
          </fieldset>
        );
      })}
      <div>
        <button type="button" className="button button--secondary" onClick={onAdd}>
          {`Add ${noun}`}
        </button>
      </div>
    </section>
  );
}
