import { apiCall } from "../api";
import { Notice } from "../parts";
import type { Configuration } from "../types";
import { useLoad } from "../use-load";
import { AlertsSettings } from "./AlertsSettings";
import { ConfigurationStatus } from "./ConfigurationStatus";
import { DeliverySettings } from "./DeliverySettings";
import { HeroSettings } from "./HeroSettings";
import { KeyDatesSettings } from "./KeyDatesSettings";
import { NumberSettingsCard } from "./NumberSetting";
import { DISPATCH_SETTINGS, FILE_RETENTION_SETTINGS, LOW_STOCK_SETTINGS } from "./number-settings";
import { ShopIdentitySettings } from "./ShopIdentitySettings";
import { VoucherSettings } from "./VoucherSettings";

export function ConfigurationPage() {
  const { data, error, loading } = useLoad(() => apiCall<Configuration>("/api/admin/configuration"), "Failed to load configuration");
  return (
    <div className="admin-page">
      <header className="admin-page__header">
        <h1>Configuration</h1>
      </header>
      <ConfigurationStatus />
      <Notice tone="error">{error}</Notice>
      {loading && !data ? (
        <p className="muted">Loading configuration…</p>
      ) : (
        data && (
          <div className="admin-config">
            <DeliverySettings config={data} />
            <NumberSettingsCard id="dispatch-settings-title" title="Dispatch" settings={DISPATCH_SETTINGS} config={data} />
            <KeyDatesSettings config={data} />
            <VoucherSettings config={data} />
            <NumberSettingsCard id="low-stock-title" title="Stock" settings={LOW_STOCK_SETTINGS} config={data} />
            <NumberSettingsCard id="file-retention-title" title="Customer files" settings={FILE_RETENTION_SETTINGS} config={data} />
            <HeroSettings config={data} />
            <ShopIdentitySettings config={data} />
            <AlertsSettings />
          </div>
        )
      )}
    </div>
  );
}
