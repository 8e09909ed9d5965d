import type { PricingSettings } from "../../../shared/instant-prices";
import { apiCall } from "../api";
import { ResultNotice } from "../parts";
import { useSave } from "../use-save";
import { PRICING_PATH } from "./pricing-form";

/**
 * Instant prices on or off, saved the moment it is pressed: the stored settings with only the switch
 * changed, so half-typed rates below are neither sent nor lost.
 */
export function InstantSwitch({ settings, onSaved }: { settings: PricingSettings; onSaved: (saved: PricingSettings) => void }) {
  const saving = useSave();
  const on = settings.rules.instant_on;

  function flip() {
    void saving.save(async () => {
      const next = { ...settings, rules: { ...settings.rules, instant_on: !on } };
      const saved = await apiCall<PricingSettings>(PRICING_PATH, { method: "PUT", json: next });
      onSaved(saved ?? next);
      saving.result.succeed(!on ? "Instant prices are on." : "Instant prices are off: every uploaded model now comes to you for a price.");
    }, "Unable to switch instant prices. Try again.");
  }

  return (
    <section className="card admin-section admin-pricing__switch" aria-labelledby="instant-prices-title">
      <div className="admin-pricing__switch-row">
        <div>
          <h2 id="instant-prices-title">Instant prices</h2>
          <p className="hint">
            {on
              ? "On: shoppers see a price the moment their model is measured, when it passes every rule below."
              : "Off: every uploaded model comes to you as a request for a price."}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="instant-prices-title"
          className={`admin-switch ${on ? "is-on" : ""}`}
          disabled={saving.busy}
          onClick={flip}
        >
          <span className="admin-switch__track" aria-hidden="true">
            <span className="admin-switch__thumb" />
          </span>
          <span className="admin-switch__text">{on ? "On" : "Off"}</span>
        </button>
      </div>
      <ResultNotice state={saving.result} />
    </section>
  );
}
