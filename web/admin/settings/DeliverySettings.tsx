import { type FormEvent, useState } from "react";
import { saveConfig } from "../api";
import type { Configuration } from "../types";
import { useUnsavedChanges } from "../unsaved-changes";
import { useSave } from "../use-save";
import { NumberSetting, SettingForm } from "./NumberSetting";
import { DELIVERY_FEE, FREE_DELIVERY_THRESHOLD } from "./number-settings";
import { SettingsCard } from "./SettingsCard";

/** At most 3 featured products (docs/product.md#configuration). */
const MAX_FEATURED = 3;

function featuredIds(stored: string | undefined): string[] {
  try {
    const value: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Split on commas, trimmed, blanks dropped, the first 3 kept (docs/product.md#configuration). */
function parseFeaturedInput(text: string): string[] {
  return text
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean)
    .slice(0, MAX_FEATURED);
}

/** The Delivery Settings card: three settings, each with its own Save. */
export function DeliverySettings({ config }: { config: Configuration }) {
  return (
    <SettingsCard id="delivery-settings-title" title="Delivery Settings">
      <NumberSetting setting={DELIVERY_FEE} config={config} />
      <NumberSetting setting={FREE_DELIVERY_THRESHOLD} config={config} />
      <FeaturedSetting stored={config.featured_products} />
    </SettingsCard>
  );
}

function FeaturedSetting({ stored }: { stored: string | undefined }) {
  const [text, setText] = useState(featuredIds(stored).join(", "));
  const [savedText, setSavedText] = useState(text);
  const saving = useSave();
  useUnsavedChanges(text !== savedText);

  async function save(event: FormEvent) {
    event.preventDefault();
    const ids = parseFeaturedInput(text);
    await saving.save(async () => {
      await saveConfig("featured_products", JSON.stringify(ids));
      setText(ids.join(", "));
      setSavedText(ids.join(", "));
      saving.result.succeed("Featured products saved.");
    }, "Failed to save featured products");
  }

  return (
    <SettingForm
      label="Featured products"
      hint="Comma-separated product ids, up to 3, shown on the home page in this order."
      saving={saving}
      onSubmit={save}
    >
      {(id) => (
        <input
          id={id}
          value={text}
          placeholder="product-id, another-id"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
      )}
    </SettingForm>
  );
}
