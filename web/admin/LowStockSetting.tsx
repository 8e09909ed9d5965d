import { NumberSetting, storedNumber, wholeNumbers } from "./NumberSetting";
import type { Configuration } from "./types";

/** The dashboard lists products and variants with this many or fewer left (docs/decisions/0018-takings-and-export.md). */
export function LowStockSetting({ config }: { config: Configuration }) {
  return (
    <section className="card admin-section admin-config__card" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Stock</h2>
      <NumberSetting
        label="Low-stock threshold (items)"
        configKey="low_stock_threshold"
        stored={storedNumber(config.low_stock_threshold, 3)}
        kind={wholeNumbers(1000)}
        hint="The dashboard lists products and variants with this many or fewer left. Products with unlimited stock are never listed."
        invalid="Enter the low-stock threshold as a whole number of items from 0 to 1000."
        saved="Low-stock threshold saved."
        failed="Failed to save the low-stock threshold"
      />
    </section>
  );
}
