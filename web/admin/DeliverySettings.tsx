import { type FormEvent, useId, useState } from "react";
import { formatPence } from "../../shared/money";
import { failureText, isSessionEnd, saveConfig } from "./api";
import { type NumberKind, NumberSetting, storedNumber } from "./NumberSetting";
import { penceToPoundsText, poundsTextToPence, ResultNotice, useResult } from "./parts";
import type { Configuration } from "./types";

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
    <section className="card admin-section admin-config__card" aria-labelledby="delivery-settings-title">
      <h2 id="delivery-settings-title">Delivery Settings</h2>
      <NumberSetting
        label="Flat Delivery Fee (£)"
        configKey="delivery_fee"
        kind={MONEY}
        stored={storedNumber(config.delivery_fee, 500)}
        hint="Added to every order."
        invalid="Please enter a valid delivery fee amount"
        saved="Delivery fee saved successfully!"
        failed="Failed to save delivery fee"
      />
      <NumberSetting
        label="Free Delivery Threshold (£)"
        configKey="free_delivery_threshold"
        kind={MONEY}
        stored={storedNumber(config.free_delivery_threshold, 0)}
        hint="Orders of at least this much ship free. 0 turns free delivery off."
        invalid="Please enter a valid free delivery threshold amount"
        saved="Free delivery threshold saved successfully!"
        failed="Failed to save free delivery threshold"
      />
      <FeaturedSetting stored={config.featured_products} />
    </section>
  );
}

/** Money is typed in pounds and stored in pence. */
const MONEY: NumberKind = {
  inputMode: "decimal",
  step: "0.01",
  parse: poundsTextToPence,
  toText: penceToPoundsText,
  describe: formatPence,
};

function FeaturedSetting({ stored }: { stored: string | undefined }) {
  const [text, setText] = useState(featuredIds(stored).join(", "));
  const [busy, setBusy] = useState(false);
  const result = useResult();
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const ids = parseFeaturedInput(text);
    setBusy(true);
    result.clear();
    try {
      await saveConfig("featured_products", JSON.stringify(ids));
      setText(ids.join(", "));
      result.succeed("Featured products saved.");
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to save featured products"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-setting" onSubmit={save} aria-label="Featured products" noValidate>
      <label htmlFor={id}>Featured products</label>
      <div className="admin-setting__row">
        <input
          id={id}
          value={text}
          placeholder="product-id, another-id"
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Save
        </button>
      </div>
      <p className="hint">Comma-separated product ids, up to 3, shown on the home page in this order.</p>
      <ResultNotice state={result} />
    </form>
  );
}
