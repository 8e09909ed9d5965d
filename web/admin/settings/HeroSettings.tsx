import { type FormEvent, useId, useRef, useState } from "react";
import { renderSimpleHtml } from "../../lib/simple-html";
import { failureText, isSessionEnd, saveConfig, uploadImage } from "../api";
import { ResultNotice, useResult } from "../parts";
import type { Configuration } from "../types";

type HeroFields = { description: string; imageUrl: string; ctaText: string; ctaLink: string };

/** What a helper button puts in: a tag pair around the selection, or a line break at the cursor. */
function insertMarkup(text: string, start: number, end: number, tag: "strong" | "em" | "br"): { text: string; cursor: [number, number] } {
  if (tag === "br") {
    const next = `${text.slice(0, end)}<br>${text.slice(end)}`;
    return { text: next, cursor: [end + 4, end + 4] };
  }
  const open = `<${tag}>`;
  const close = `</${tag}>`;
  const next = `${text.slice(0, start)}${open}${text.slice(start, end)}${close}${text.slice(end)}`;
  // With a selection it stays selected inside the tags; without, the cursor waits between them.
  return { text: next, cursor: [start + open.length, end + open.length] };
}

/** The Hero Banner Settings card: one Save sends the four keys in parallel. */
export function HeroSettings({ config }: { config: Configuration }) {
  const [fields, setFields] = useState<HeroFields>({
    description: config.hero_description ?? "",
    imageUrl: config.hero_image_url ?? "",
    ctaText: config.hero_cta_text ?? "",
    ctaLink: config.hero_cta_link ?? "",
  });
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const result = useResult();
  const description = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const set = (key: keyof HeroFields, value: string) => setFields((current) => ({ ...current, [key]: value }));

  function helper(tag: "strong" | "em" | "br") {
    const area = description.current;
    const start = area?.selectionStart ?? fields.description.length;
    const end = area?.selectionEnd ?? start;
    const result = insertMarkup(fields.description, start, end, tag);
    set("description", result.text);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(result.cursor[0], result.cursor[1]);
    });
  }

  async function upload(picker: HTMLInputElement) {
    const file = picker.files?.[0];
    // Emptied at once, so choosing the same file again (after clearing the URL, or a failed upload) is a new choice.
    picker.value = "";
    if (!file) return;
    setUploading(true);
    result.clear();
    try {
      set("imageUrl", await uploadImage(file));
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to upload hero image", "Failed to upload image"));
    } finally {
      setUploading(false);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    result.clear();
    try {
      await Promise.all([
        saveConfig("hero_description", fields.description),
        saveConfig("hero_image_url", fields.imageUrl.trim()),
        saveConfig("hero_cta_text", fields.ctaText.trim()),
        saveConfig("hero_cta_link", fields.ctaLink.trim()),
      ]);
      result.succeed("Hero banner settings saved successfully!");
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to save hero banner configuration"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card admin-section admin-config__card" aria-labelledby="hero-settings-title">
      <h2 id="hero-settings-title">Hero Banner Settings</h2>
      <form className="form" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={`${id}-description`}>Hero description</label>
          <div className="admin-toolbar" role="toolbar" aria-label="Formatting" aria-controls={`${id}-description`}>
            <button type="button" className="admin-tool" onClick={() => helper("strong")}>
              <strong>Bold</strong>
            </button>
            <button type="button" className="admin-tool" onClick={() => helper("em")}>
              <em>Italic</em>
            </button>
            <button type="button" className="admin-tool" onClick={() => helper("br")}>
              Line Break
            </button>
          </div>
          <textarea
            id={`${id}-description`}
            ref={description}
            rows={4}
            value={fields.description}
            onChange={(event) => set("description", event.target.value)}
          />
          <p className="hint">Bold, italic and line breaks are kept; any other HTML shows as text.</p>
          {fields.description.trim() && (
            <div className="admin-hero-preview">
              <span className="admin-cell-sub">Preview</span>
              {/* renderSimpleHtml keeps only bare <strong>, <em> (<b>, <i>) and <br>; everything else is text, as on the storefront. */}
              <p
                // biome-ignore lint/security/noDangerouslySetInnerHtml: renderSimpleHtml escapes everything but bare <strong>, <em> and <br>
                dangerouslySetInnerHTML={{ __html: renderSimpleHtml(fields.description) }}
              />
            </div>
          )}
        </div>

        <div className="field">
          <label htmlFor={`${id}-image`}>Hero image URL</label>
          <div className="admin-image-picker">
            <input
              id={`${id}-image`}
              value={fields.imageUrl}
              placeholder="/media/… or https://…"
              onChange={(event) => set("imageUrl", event.target.value)}
            />
          </div>
          <label className="admin-file">
            <span>{uploading ? "Uploading…" : "Or upload an image"}</span>
            <input type="file" accept="image/*" disabled={uploading} onChange={(event) => void upload(event.currentTarget)} />
          </label>
          {fields.imageUrl.trim() ? (
            <img className="admin-preview" src={fields.imageUrl.trim()} alt="Preview of the hero image" />
          ) : (
            <p className="hint">No hero image: the banner shows text only.</p>
          )}
        </div>

        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-cta-text`}>Call-to-action button text</label>
            <input
              id={`${id}-cta-text`}
              value={fields.ctaText}
              placeholder="Shop now"
              onChange={(event) => set("ctaText", event.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-cta-link`}>Call-to-action button link</label>
            <input
              id={`${id}-cta-link`}
              value={fields.ctaLink}
              placeholder="/products"
              onChange={(event) => set("ctaLink", event.target.value)}
            />
          </div>
        </div>

        <ResultNotice state={result} />
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? "Saving…" : "Save Hero Banner Settings"}
          </button>
        </div>
      </form>
    </section>
  );
}
