import { NumberSetting, storedNumber, wholeNumbers } from "./NumberSetting";
import type { Configuration } from "./types";

/** What the dispatch date promised before purchase is worked out from (docs/decisions/0015-working-days.md). */
export function DispatchSettings({ config }: { config: Configuration }) {
  return (
    <section className="card admin-section admin-config__card" aria-labelledby="dispatch-settings-title">
      <h2 id="dispatch-settings-title">Dispatch</h2>
      <NumberSetting
        label="Default lead time (working days)"
        configKey="default_lead_time_days"
        stored={storedNumber(config.default_lead_time_days, 3)}
        kind={wholeNumbers(365)}
        hint="Working days from order to dispatch for products without their own lead time. Working days are Monday to Friday outside the bank holidays of England and Wales."
        invalid="Enter the default lead time as a whole number of working days from 0 to 365."
        saved="Default lead time saved."
        failed="Failed to save the default lead time"
      />
      <NumberSetting
        label="Order cut-off hour (UK time)"
        configKey="dispatch_cut_off_hour"
        stored={storedNumber(config.dispatch_cut_off_hour, 14)}
        kind={wholeNumbers(23)}
        hint="Orders placed from this hour (0–23, e.g. 14 for 2pm) count from the next working day."
        invalid="Enter the cut-off as a whole hour from 0 to 23 (UK time), such as 14 for 2pm."
        saved="Cut-off hour saved."
        failed="Failed to save the cut-off hour"
      />
    </section>
  );
}
