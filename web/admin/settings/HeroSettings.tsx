import { type FormEvent, useId, useRef, useState } from "react";
import { renderSimpleHtml } from "../../lib/simple-html";
import { saveConfig, uploadImage } from "../api";
import type { Configuration } from "../types";
import { useSave } from "../use-save";
import { SettingsCard, SettingsSave } from "./SettingsCard";

type HeroFields = { description: string; imageUrl: string; ctaText: string; ctaLink: string };

/** The call-to-action button's two fields, side by side. */
const CALL_TO_ACTION = [
  { key: "ctaText", idSuffix: "cta-text", label: "Call-to-action button text", placeholder: "Shop now" },
  { key: "ctaLink", idSuffix: "cta-link", label: "Call-to-action button link", placeholder: "/products" },
] as const;

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
  const saving = useSave();
  const { result } = saving;
  const uploading = useSave(result);
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
    await uploading.save(async () => set("imageUrl", await uploadImage(file)), "Failed to upload hero image", "Failed to upload image");
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    await saving.save(async () => {
      await Promise.all([
        saveConfig("hero_description", fields.description),
        saveConfig("hero_image_url", fields.imageUrl.trim()),
        saveConfig("hero_cta_text", fields.ctaText.trim()),
        saveConfig("hero_cta_link", fields.ctaLink.trim()),
      ]);
      result.succeed("Hero banner settings saved successfully!");
    }, "Failed to save hero banner configuration");
  }

  return (
    <SettingsCard id="hero-settings-title" title="Hero Banner Settings">
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
            <span>{uploading.busy ? "Uploading…" : "Or upload an image"}</span>
            <input type="file" accept="image/*" disabled={uploading.busy} onChange={(event) => void upload(event.currentTarget)} />
          </label>
          {fields.imageUrl.trim() ? (
            <img className="admin-preview" src={fields.imageUrl.trim()} alt="Preview of the hero image" />
          ) : (
            <p className="hint">No hero image: the banner shows text only.</p>
          )}
        </div>

        <div className="form__row">
          {CALL_TO_ACTION.map(({ key, idSuffix, label, placeholder }) => (
            <div className="field" key={key}>
              <label htmlFor={`${id}-${idSuffix}`}>{label}</label>
              <input
                id={`${id}-${idSuffix}`}
                value={fields[key]}
                placeholder={placeholder}
                onChange={(event) => set(key, event.target.value)}
              />
            </div>
          ))}
        </div>

        <SettingsSave saving={saving} label="Save Hero Banner Settings" />
      </form>
    </SettingsCard>
  );
}
