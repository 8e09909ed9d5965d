import type { Database } from "bun:sqlite";
import type { PricingSettings } from "../../../shared/instant-prices";

export type PricingSettingsStore = ReturnType<typeof pricingSettingsStore>;

/**
 * The owner's rates: one JSON document in `pricing_settings` (migrations/0031_instant_prices.sql), read and
 * written whole. The schema (model.ts) checks a new one before it gets here, so a save is one UPDATE: nothing
 * half-saved.
 */
export function pricingSettingsStore(db: Database) {
  const read = db.query<{ settings: string }, []>("SELECT settings FROM pricing_settings WHERE id = 1");
  const write = db.query<unknown, [string]>(
    "UPDATE pricing_settings SET settings = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1",
  );
  return {
    get(): PricingSettings {
      const row = read.get();
      if (!row) throw new Error("pricing_settings has no row: migrations/0031_instant_prices.sql inserts it");
      return JSON.parse(row.settings) as PricingSettings;
    },
    save(settings: PricingSettings): void {
      write.run(JSON.stringify(settings));
    },
  };
}
