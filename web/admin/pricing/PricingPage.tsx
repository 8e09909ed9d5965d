import { useState } from "react";
import type { PricingSettings } from "../../../shared/instant-prices";
import { apiCall } from "../api";
import { Notice } from "../parts";
import { useLoad } from "../use-load";
import { CalibrationCard } from "./CalibrationCard";
import { InstantSwitch } from "./InstantSwitch";
import { PRICING_PATH } from "./pricing-form";
import { RatesForm } from "./RatesForm";

/**
 * /admin/pricing: the owner's rates for instant prices of a shopper's own model, the switch that turns
 * them on and off at once, and the sliced jobs that calibrate them
 * (docs/decisions/0043-pricing-page-and-model-purchase.md).
 */
export function PricingPage() {
  const loaded = useLoad(() => apiCall<PricingSettings>(PRICING_PATH), "Unable to load pricing");
  // What the server holds now: the switch saves from it, so it never sends the form's unsaved edits.
  const [stored, setStored] = useState<PricingSettings | null>(null);
  const settings = stored ?? loaded.data;

  return (
    <div className="admin-page admin-pricing">
      <header className="admin-page__header">
        <h1>Pricing</h1>
      </header>
      <p className="muted admin-pricing__intro">
        Shoppers who upload their own model on a product that requires one see a price worked out from these rates. Anything risky comes to
        you as a custom request with the figures filled in.
      </p>
      <Notice tone="error">{loaded.error}</Notice>
      {loaded.loading && !settings ? (
        <p className="muted">Loading pricing…</p>
      ) : (
        settings && (
          <>
            <InstantSwitch settings={settings} onSaved={setStored} />
            <RatesForm settings={settings} onSaved={setStored} />
            <CalibrationCard />
          </>
        )
      )}
    </div>
  );
}
