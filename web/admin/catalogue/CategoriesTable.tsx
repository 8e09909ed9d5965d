import { type FormEvent, Fragment, useState } from "react";
import { apiCall, enc, failureText, isSessionEnd } from "../api";
import { AdminTable, deleteRow, ResultNotice, RowActions, useResult } from "../parts";
import type { AdminCategory } from "../types";
import type { Loaded } from "../use-load";

type CategoryFields = { id: string; name: string; sort: string };

/** Category save: the rule broken, or the body to send (docs/product.md#categories). */
function categoryBody(fields: CategoryFields): AdminCategory | string {
  if (!fields.id.trim() || !fields.name.trim()) return "Please provide an id and name before saving.";
  const sort = fields.sort.trim() === "" ? 0 : Number(fields.sort);
  if (!Number.isFinite(sort)) return "Sort must be a number.";
  return { id: fields.id.trim(), name: fields.name.trim(), sort };
}

/** The categories table with its inline editor (docs/product.md#categories). */
export function CategoriesTable({ categories }: { categories: Loaded<AdminCategory[]> }) {
  const [editing, setEditing] = useState<null | "new" | string>(null);
  const result = useResult();
  const list = [...(categories.data ?? [])].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));

  async function save(fields: CategoryFields): Promise<void> {
    const body = categoryBody(fields);
    if (typeof body === "string") return result.fail(body);
    result.clear();
    try {
      await apiCall("/api/admin/categories", { method: "POST", json: body });
      setEditing(null);
      result.succeed("Category saved.");
      await categories.reload();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Save failed", "Save failed: network error"));
    }
  }

  const remove = (category: AdminCategory) =>
    deleteRow(result, {
      question: `Delete the category "${category.name}"? Its products stay, without a category.`,
      path: `/api/admin/categories/${enc(category.id)}`,
      name: category.name,
      reload: categories.reload,
    });

  return (
    <section className="admin-section card" aria-labelledby="categories-title">
      <div className="admin-section__header">
        <h2 id="categories-title">Categories</h2>
        <button
          type="button"
          className="button button--secondary admin-button--small"
          aria-expanded={editing === "new"}
          onClick={() => setEditing(editing === "new" ? null : "new")}
        >
          {editing === "new" ? "Close new category" : "Add category"}
        </button>
      </div>
      <ResultNotice state={result} />
      <AdminTable label="Categories" columns={["Id", "Name", { label: "Sort", align: "num" }, "Actions"]}>
        {editing === "new" && (
          <CategoryEditorRow initial={{ id: "", name: "", sort: "" }} locked={false} onSave={save} onCancel={() => setEditing(null)} />
        )}
        {list.map((category) =>
          editing === category.id ? (
            <CategoryEditorRow
              key={category.id}
              initial={{ id: category.id, name: category.name, sort: String(category.sort) }}
              locked
              onSave={save}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Fragment key={category.id}>
              <tr>
                <td className="admin-mono">{category.id}</td>
                <td>{category.name}</td>
                <td className="admin-num">{category.sort}</td>
                <td>
                  <RowActions
                    name={`category ${category.name}`}
                    onEdit={() => setEditing(category.id)}
                    onDelete={() => void remove(category)}
                  />
                </td>
              </tr>
            </Fragment>
          ),
        )}
        {list.length === 0 && editing !== "new" && (
          <tr>
            <td colSpan={4} className="muted">
              {categories.loading ? "Loading categories…" : "No categories yet."}
            </td>
          </tr>
        )}
      </AdminTable>
    </section>
  );
}

function CategoryEditorRow({
  initial,
  locked,
  onSave,
  onCancel,
}: {
  initial: CategoryFields;
  locked: boolean;
  onSave: (fields: CategoryFields) => Promise<void>;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState(initial);
  const [saving, setSaving] = useState(false);
  const formId = `category-form-${locked ? initial.id : "new"}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    await onSave(fields);
    setSaving(false);
  }

  return (
    <tr className="admin-editor-row">
      <td>
        <form id={formId} onSubmit={submit} aria-label={locked ? `Edit category ${initial.name}` : "New category"} />
        <input
          form={formId}
          className={`admin-input${locked ? " admin-locked" : ""}`}
          aria-label="Category id"
          value={fields.id}
          readOnly={locked}
          onChange={(event) => setFields({ ...fields, id: event.target.value })}
        />
      </td>
      <td>
        <input
          form={formId}
          className="admin-input"
          aria-label="Category name"
          value={fields.name}
          onChange={(event) => setFields({ ...fields, name: event.target.value })}
        />
      </td>
      <td className="admin-num">
        <input
          form={formId}
          className="admin-input admin-input--narrow"
          aria-label="Sort"
          inputMode="numeric"
          value={fields.sort}
          placeholder="0"
          onChange={(event) => setFields({ ...fields, sort: event.target.value })}
        />
      </td>
      <td>
        <div className="admin-actions">
          <button form={formId} type="submit" className="button button--primary admin-button--small" disabled={saving}>
            Save category
          </button>
          <button type="button" className="button button--ghost admin-button--small" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </td>
    </tr>
  );
}
