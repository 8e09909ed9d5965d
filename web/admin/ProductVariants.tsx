import { type FormEvent, useState } from "react";
import { formatPence } from "../../shared/money";
import { isBaseVariant } from "../lib/product-view";
import { ApiError, apiCall, enc, isSessionEnd } from "./api";
import { penceToPoundsText, poundsTextToPence, ResultNotice, useResult, wholeOrBlank } from "./parts";
import type { AdminVariant } from "./types";

type VariantFields = { name: string; price: string; stock: string };
const EMPTY: VariantFields = { name: "", price: "", stock: "" };

function detail(error: unknown): string {
  if (error instanceof ApiError) return error.serverError || `HTTP ${error.status}`;
  return "network error";
}

/** The variant body for POST and PUT, or the rule the fields break. */
function variantBody(fields: VariantFields): { name: string; price_cents: number; stock: number | null } | string {
  const price = poundsTextToPence(fields.price);
  if (price === null) return "Price must be a valid non-negative number.";
  const stock = wholeOrBlank(fields.stock);
  if (stock === undefined) return "Stock must be a whole number or blank for unlimited.";
  return { name: fields.name.trim(), price_cents: price, stock };
}

/** A variant being edited: its fields as typed, and the stock figure they opened with. */
type Editing = { id: string; fields: VariantFields; loadedStock: number | null };

/**
 * A saved product's variants; '-base' variants cannot be removed
 * (docs/product.md#images-and-variants). The editor loads them (with the images);
 * `onChanged` loads them again after a change.
 */
export function ProductVariants({
  productId,
  variants: loaded,
  onChanged,
}: {
  productId: string | null;
  variants: AdminVariant[];
  onChanged: () => void | Promise<void>;
}) {
  const variants = [...loaded].sort((a, b) => a.sort_order - b.sort_order);
  const [adding, setAdding] = useState<VariantFields>(EMPTY);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const result = useResult();

  if (!productId) {
    return (
      <section className="admin-subsection card" aria-label="Product Variants">
        <h4>Product Variants</h4>
        <p className="muted">Save the product first to add variants.</p>
      </section>
    );
  }
  const id = productId;

  async function run(action: () => Promise<unknown>, failure: (error: unknown) => string): Promise<boolean> {
    setBusy(true);
    result.clear();
    try {
      await action();
      await onChanged();
      return true;
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failure(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function add(event: FormEvent) {
    event.preventDefault();
    const body = variantBody(adding);
    if (typeof body === "string") return result.fail(`Failed to add variant: ${body}`);
    const done = await run(
      () => apiCall(`/api/admin/products/${enc(id)}/variants`, { method: "POST", json: body }),
      (caught) => `Failed to add variant: ${detail(caught)}`,
    );
    if (done) setAdding(EMPTY);
  }

  async function update(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const body = variantBody(editing.fields);
    if (typeof body === "string") return result.fail(`Failed to update variant: ${body}`);
    // With the figure it opened with, the server keeps sales made meanwhile unless the owner changed stock.
    const json = { ...body, expected_stock: editing.loadedStock };
    const done = await run(
      () => apiCall(`/api/admin/product-variants/${enc(editing.id)}`, { method: "PUT", json }),
      (caught) => `Failed to update variant: ${detail(caught)}`,
    );
    if (done) setEditing(null);
  }

  const remove = (variant: AdminVariant) =>
    run(
      () => apiCall(`/api/admin/product-variants/${enc(variant.id)}`, { method: "DELETE" }),
      () => "Failed to delete variant. Please try again.",
    );

  return (
    <section className="admin-subsection card" aria-label="Product Variants">
      <h4>Product Variants</h4>
      <ResultNotice state={result} />
      {variants.length === 0 ? (
        <p className="muted">
          No variants added yet. Add variants to offer different options like sizes, colors, or custom configurations.
        </p>
      ) : (
        <ul className="admin-variants">
          {variants.map((variant) =>
            editing?.id === variant.id ? (
              <li key={variant.id} className="admin-variant admin-variant--editing">
                <form className="admin-variant__form" onSubmit={update} aria-label={`Edit variant ${variant.name}`}>
                  <VariantInputs
                    fields={editing.fields}
                    onChange={(fields) => setEditing({ ...editing, fields })}
                    prefix={`edit-${variant.id}`}
                  />
                  <div className="admin-actions">
                    <button
                      type="submit"
                      className="button button--primary admin-button--small"
                      disabled={busy || !editing.fields.name.trim() || !editing.fields.price.trim()}
                    >
                      Save
                    </button>
                    <button type="button" className="button button--ghost admin-button--small" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </div>
                </form>
              </li>
            ) : (
              <li key={variant.id} className="admin-variant">
                <div className="admin-variant__text">
                  <strong>{variant.name}</strong>
                  <span>{formatPence(variant.price_cents)}</span>
                  {variant.stock !== null && <span className="admin-cell-sub">Stock: {variant.stock}</span>}
                  <span className="admin-cell-sub">Sort: {variant.sort_order}</span>
                </div>
                <div className="admin-actions">
                  <button
                    type="button"
                    className="button button--ghost admin-button--small"
                    aria-label={`Edit variant ${variant.name}`}
                    onClick={() =>
                      setEditing({
                        id: variant.id,
                        fields: {
                          name: variant.name,
                          price: penceToPoundsText(variant.price_cents),
                          stock: variant.stock === null ? "" : String(variant.stock),
                        },
                        loadedStock: variant.stock,
                      })
                    }
                  >
                    Edit
                  </button>
                  {!isBaseVariant(variant.id) && (
                    <button
                      type="button"
                      className="button button--ghost admin-button--small admin-button--danger"
                      aria-label={`Remove variant ${variant.name}`}
                      disabled={busy}
                      onClick={() => void remove(variant)}
                    >
                      Remove
                    </button>
                  )}
                </div>
              </li>
            ),
          )}
        </ul>
      )}

      <form className="admin-variant-add" onSubmit={add} aria-label="Add New Variant">
        <h5>Add New Variant</h5>
        <div className="admin-variant__form">
          <VariantInputs fields={adding} onChange={setAdding} prefix={`new-${id}`} />
          <button
            type="submit"
            className="button button--secondary admin-button--small"
            disabled={busy || !adding.name.trim() || !adding.price.trim()}
          >
            Add Variant
          </button>
        </div>
      </form>
    </section>
  );
}

function VariantInputs({ fields, onChange, prefix }: { fields: VariantFields; onChange: (fields: VariantFields) => void; prefix: string }) {
  return (
    <>
      <div className="field">
        <label htmlFor={`${prefix}-name`}>Name</label>
        <input id={`${prefix}-name`} value={fields.name} onChange={(event) => onChange({ ...fields, name: event.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-price`}>Price (GBP)</label>
        <input
          id={`${prefix}-price`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={fields.price}
          onChange={(event) => onChange({ ...fields, price: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-stock`}>Stock</label>
        <input
          id={`${prefix}-stock`}
          type="number"
          inputMode="numeric"
          min="0"
          step="1"
          placeholder="Unlimited"
          value={fields.stock}
          onChange={(event) => onChange({ ...fields, stock: event.target.value })}
        />
      </div>
    </>
  );
}
