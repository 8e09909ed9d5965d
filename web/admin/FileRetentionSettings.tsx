import { NumberSetting, storedNumber, wholeNumbers } from "./NumberSetting";
import type { Configuration } from "./types";

/**
 * How long a dispatched order's files (routes, photos, a quoted order's request files) are kept
 * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
 */
export function FileRetentionSettings({ config }: { config: Configuration }) {
  return (
    <section className="card admin-section admin-config__card" aria-labelledby="file-retention-title">
      <h2 id="file-retention-title">Customer files</h2>
      <NumberSetting
        label="Keep files after dispatch (days)"
        configKey="upload_retention_days"
        stored={storedNumber(config.upload_retention_days, 90)}
        kind={wholeNumbers(3650, 1)}
        hint="Shoppers' routes and photos, and the files sent with a quoted request, are deleted this many days after their order is dispatched; the order then says the file was deleted. The privacy notice states it."
        invalid="Enter how long to keep customers' files after dispatch as a whole number of days from 1 to 3650."
        saved="File retention saved."
        failed="Failed to save the file retention"
      />
    </section>
  );
}
