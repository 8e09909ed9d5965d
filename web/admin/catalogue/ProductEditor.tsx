import { type FormEvent, useId, useState } from "react";
import { apiCall, failureText, isSessionEnd } from "../api";
import { fieldBinder, MoneyField, WholeNumberField } from "../fields";
import { ResultNotice, useResult } from "../parts";
import type { AdminCategory, AdminProduct, ProductStatus } from "../types";
import { mayLeave, useUnsavedChanges } from "../unsaved-changes";
import { ProductExtras } from "./ProductExtras";
import { EMPTY_PRODUCT_FORM, formFromProduct, type ProductForm, productBody, productFormProblem } from "./product-form";

/**
 * The inline product editor, 6 columns (docs/product.md#product-editor). The
 * id is locked once saved; images and variants need a saved product. Save
 * product stays disabled while saving or while one of its rules is broken.
 */
export function ProductEditor({
  product,
  categories,
  onCancel,
  onSaved,
  onChanged,
}: {
  product: AdminProduct | null;
  categories: AdminCategory[];
  onCancel: () => void;
  onSaved: (id: string) => void | Promise<void>;
  /** Images or variants changed: the table's thumbnail and counts may need a reload. */
  onChanged: () => void;
}) {
  const [form, setForm] = useState<ProductForm>(product ? formFromProduct(product) : EMPTY_PRODUCT_FORM);
  // What the form held when it opened or was last saved: anything else is the owner's unsaved typing.
  const [loadedForm, setLoadedForm] = useState<ProductForm>(form);
  useUnsavedChanges(!sameForm(form, loadedForm));
  // The stock figure the form shows as loaded (undefined for a new product); the server compares against it.
  const [loadedStock, setLoadedStock] = useState(product ? product.stock : undefined);
  // The lead time the form opened with: sent only when the owner changes it.
  const [loadedLeadTime, setLoadedLeadTime] = useState(product ? formFromProduct(product).leadTimeDays : "");
  const [saving, setSaving] = useState(false);
  // Its error takes the place of the page's last note (`OneResultAtATime`, parts.tsx).
  const result = useResult();
  const idBase = useId();
  const problem = productFormProblem(form);
  const hasOptions = (product?.variants.length ?? 0) > 0;
  const field = (name: keyof ProductForm) => `${idBase}-${name}`;
  const bind = fieldBinder(idBase, form, setForm);
  const set = <K extends keyof ProductForm>(key: K, value: ProductForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  /**
   * Saves the form. A new product starts as a draft; `status` publishes or drafts a saved one, with the
   * form's edits (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md).
   */
  async function send(status: ProductStatus | undefined) {
    if (problem || saving) return;
    setSaving(true);
    result.clear();
    try {
      const saved = await apiCall<AdminProduct>("/api/admin/products", {
        method: "POST",
        json: productBody(form, loadedStock, loadedLeadTime, product ? status : "draft"),
      });
      if (product) {
        // The form now shows what is stored, stock included, so the next save compares against that.
        setForm(formFromProduct(saved));
        setLoadedForm(formFromProduct(saved));
        setLoadedStock(saved.stock);
        setLoadedLeadTime(formFromProduct(saved).leadTimeDays);
      }
      await onSaved(form.id.trim());
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Save failed", "Save failed: network error"));
    } finally {
      setSaving(false);
    }
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void send(undefined);
  }

  return (
    <div className="admin-editor">
      <form className="admin-editor__form" onSubmit={save} aria-label={product ? `Edit ${product.name}` : "New product"} noValidate>
        <h3>{product ? `Edit ${product.name}` : "New product"}</h3>
        <ProductStatusLine status={product?.status ?? null} />
        <div className="admin-grid admin-grid--6">
          <div className="field admin-span-2">
            <label htmlFor={field("id")}>Product id</label>
            <input
              id={field("id")}
              value={form.id}
              readOnly={Boolean(product)}
              aria-readonly={Boolean(product)}
              className={product ? "admin-locked" : undefined}
              onChange={(event) => set("id", event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
          <div className="field admin-span-2">
            <label htmlFor={field("name")}>Name</label>
            <input id={field("name")} value={form.name} onChange={(event) => set("name", event.target.value)} />
          </div>
          <MoneyField label="Price (£)" {...bind("price")} />
          <div className="field">
            <label htmlFor={field("currency")}>Currency</label>
            <input
              id={field("currency")}
              value={form.currency}
              placeholder="gbp"
              onChange={(event) => set("currency", event.target.value)}
            />
          </div>
          <div className="field admin-span-6">
            <label htmlFor={field("description")}>Description</label>
            <textarea
              id={field("description")}
              rows={3}
              value={form.description}
              onChange={(event) => set("description", event.target.value)}
            />
          </div>
          <div className="field admin-span-2">
            <label htmlFor={field("categoryId")}>Category</label>
            <select id={field("categoryId")} value={form.categoryId} onChange={(event) => set("categoryId", event.target.value)}>
              <option value="">No category</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <WholeNumberField label="Max online qty" placeholder="None" {...bind("maxOnlineQty")} />
          <WholeNumberField
            label="Stock"
            placeholder={hasOptions ? "No cap" : "Unlimited"}
            hint={hasOptions ? OPTIONS_STOCK_HINT : undefined}
            {...bind("stock")}
          />
          <WholeNumberField
            label="Lead time (working days)"
            max="365"
            placeholder="Shop default"
            hint="Working days from order to dispatch. Blank uses the shop default (Configuration)."
            {...bind("leadTimeDays")}
          />
          <div className="admin-span-2 admin-checks">
            <label className="admin-check">
              <input type="checkbox" checked={form.requiresGpx} onChange={(event) => set("requiresGpx", event.target.checked)} />
              Requires GPX upload
            </label>
            <label className="admin-check">
              <input type="checkbox" checked={form.requiresImage} onChange={(event) => set("requiresImage", event.target.checked)} />
              Requires image upload
            </label>
            <label className="admin-check">
              <input type="checkbox" checked={form.requiresModel} onChange={(event) => set("requiresModel", event.target.checked)} />
              Requires a 3D model
            </label>
          </div>
          <div className="admin-span-6 admin-flag">
            <label className="admin-check">
              <input
                type="checkbox"
                checked={form.proofBeforeMaking}
                aria-describedby={field("proofBeforeMaking")}
                onChange={(event) => set("proofBeforeMaking", event.target.checked)}
              />
              Proof before making
            </label>
            <p id={field("proofBeforeMaking")} className="hint">
              Paying opens a question at once: the customer approves a proof (our render of their photo or route, else the product picture)
              before you make it.
            </p>
          </div>
        </div>
        {problem && <p className="hint admin-form-hint">{problem}</p>}
        <ResultNotice state={result} />
        <div className="admin-editor__footer">
          <button type="button" className="button button--ghost" onClick={() => mayLeave() && onCancel()}>
            Cancel
          </button>
          {product && (
            <button
              type="button"
              className="button button--ghost"
              disabled={saving || problem !== null}
              onClick={() => void send(product.status === "draft" ? "live" : "draft")}
            >
              {product.status === "draft" ? "Save and publish" : "Move to drafts"}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={saving || problem !== null}>
            {saving ? "Saving…" : "Save product"}
          </button>
        </div>
      </form>

      <div className="admin-editor__extras">
        <ProductExtras productId={product?.id ?? null} onChanged={onChanged} />
      </div>
    </div>
  );
}

/** With options, each option's own stock is what sells (shared/stock.ts); the product's figure only caps them all. */
const OPTIONS_STOCK_HINT =
  "This product has options: each option's own stock counts. A figure here caps all options together; blank is no cap.";

function sameForm(a: ProductForm, b: ProductForm): boolean {
  return (Object.keys(a) as (keyof ProductForm)[]).every((key) => a[key] === b[key]);
}

/** Whether shoppers can see the product: a new one starts as a draft. */
function ProductStatusLine({ status }: { status: ProductStatus | null }) {
  if (status === "live") return <p className="admin-status-line">Live: shoppers can see and buy it.</p>;
  return (
    <p className="admin-status-line">
      <span className="admin-badge admin-badge--warning">Draft</span>{" "}
      {status === null
        ? "A new product is a draft: only you see it until you publish it, so you can add its pictures and options first."
        : "Only you see it. Publish it when its pictures and options are ready."}
    </p>
  );
}
