import { type FormEvent, useId, useRef, useState } from "react";
import { ApiError, apiCall, failureText, isSessionEnd, uploadImage } from "./api";
import { ResultNotice, useResult } from "./parts";
import type { Project } from "./types";

type ProjectFields = {
  id: string;
  title: string;
  description: string;
  sort: string;
  imageUrl: string;
  linkUrl: string;
  linkLabel: string;
};

function fieldsOf(project: Project | null): ProjectFields {
  return {
    id: project?.id ?? "",
    title: project?.title ?? "",
    description: project?.description ?? "",
    sort: String(project?.sort ?? 0),
    imageUrl: project?.image_url ?? "",
    linkUrl: project?.link_url ?? "",
    linkLabel: project?.link_label ?? "",
  };
}

/** Project save: blank link fields are null; sort is an integer, 0 when not one (docs/product.md#projects). */
function projectBody(fields: ProjectFields): Project {
  const sort = Number.parseInt(fields.sort, 10);
  return {
    id: fields.id.trim(),
    title: fields.title.trim(),
    description: fields.description,
    image_url: fields.imageUrl.trim() || null,
    link_url: fields.linkUrl.trim() || null,
    link_label: fields.linkLabel.trim() || null,
    sort: Number.isFinite(sort) ? sort : 0,
  };
}

/**
 * Create and update share one call: saving always posts the full record (docs/product.md#projects).
 * Its error takes the place of the page's last note (`OneResultAtATime`, parts.tsx).
 */
export function ProjectEditor({
  project,
  onCancel,
  onSaved,
}: {
  project: Project | null;
  onCancel: () => void;
  onSaved: () => void | Promise<void>;
}) {
  const [fields, setFields] = useState(() => fieldsOf(project));
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const result = useResult();
  const fileInput = useRef<HTMLInputElement>(null);
  const idBase = useId();
  const valid = fields.id.trim() !== "" && fields.title.trim() !== "";
  const set = (key: keyof ProjectFields, value: string) => setFields((current) => ({ ...current, [key]: value }));
  const field = (name: string) => `${idBase}-${name}`;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!valid) return result.fail("Provide an id and title before saving.");
    setSaving(true);
    result.clear();
    try {
      await apiCall("/api/admin/projects", { method: "POST", json: projectBody(fields) });
      await onSaved();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Save failed", "Save failed: network error"));
      setSaving(false);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    result.clear();
    try {
      set("imageUrl", await uploadImage(file));
    } catch (caught) {
      if (!isSessionEnd(caught)) {
        const reason = caught instanceof ApiError ? caught.serverError || "Upload failed" : "Unknown error";
        result.fail(`Image upload failed: ${reason}`);
      }
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <form
      className="admin-editor admin-editor__form"
      onSubmit={save}
      aria-label={project ? `Edit ${project.title}` : "New project"}
      noValidate
    >
      <h3>{project ? `Edit ${project.title}` : "New project"}</h3>
      <div className="admin-grid admin-grid--4">
        <div className="field admin-span-2">
          <label htmlFor={field("id")}>Project id</label>
          <input
            id={field("id")}
            value={fields.id}
            readOnly={Boolean(project)}
            className={project ? "admin-locked" : undefined}
            onChange={(event) => set("id", event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <div className="field admin-span-2">
          <label htmlFor={field("title")}>Title</label>
          <input id={field("title")} value={fields.title} onChange={(event) => set("title", event.target.value)} />
        </div>
        <div className="field admin-span-3">
          <label htmlFor={field("description")}>Description</label>
          <textarea
            id={field("description")}
            rows={3}
            value={fields.description}
            onChange={(event) => set("description", event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={field("sort")}>Sort Order</label>
          <input
            id={field("sort")}
            type="number"
            min="0"
            step="1"
            value={fields.sort}
            onChange={(event) => set("sort", event.target.value)}
          />
        </div>
        <div className="field admin-span-4">
          <label htmlFor={field("image")}>Image URL</label>
          <div className="admin-image-picker">
            <input
              id={field("image")}
              value={fields.imageUrl}
              placeholder="/media/… or https://…"
              onChange={(event) => set("imageUrl", event.target.value)}
            />
            <input ref={fileInput} type="file" accept="image/*" hidden onChange={(event) => void upload(event.target.files?.[0])} />
            <button type="button" className="button button--secondary" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? "Uploading…" : "Upload"}
            </button>
          </div>
          {fields.imageUrl.trim() && <img className="admin-preview" src={fields.imageUrl.trim()} alt="Preview of the project image" />}
        </div>
        <div className="field admin-span-2">
          <label htmlFor={field("link-url")}>Link URL</label>
          <input
            id={field("link-url")}
            type="url"
            value={fields.linkUrl}
            placeholder="https://"
            onChange={(event) => set("linkUrl", event.target.value)}
          />
        </div>
        <div className="field admin-span-2">
          <label htmlFor={field("link-label")}>Link label</label>
          <input id={field("link-label")} value={fields.linkLabel} onChange={(event) => set("linkLabel", event.target.value)} />
        </div>
      </div>
      {!valid && <p className="hint admin-form-hint">Provide an id and title before saving.</p>}
      <ResultNotice state={result} />
      <div className="admin-editor__footer">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={!valid || saving}>
          {saving ? "Saving…" : "Save project"}
        </button>
      </div>
    </form>
  );
}
