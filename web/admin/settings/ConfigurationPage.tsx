import { apiCall } from "../api";
import { Notice } from "../parts";
import type { Configuration } from "../types";
import { useLoad } from "../use-load";
import { ConfigurationStatus } from "./ConfigurationStatus";
import { DeliverySettings } from "./DeliverySettings";
import { DispatchSettings } from "./DispatchSettings";
import { FileRetentionSettings } from "./FileRetentionSettings";
import { HeroSettings } from "./HeroSettings";
import { LowStockSetting } from "./LowStockSetting";
import { ShopIdentitySettings } from "./ShopIdentitySettings";

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
            <DispatchSettings config={data} />
            <LowStockSetting config={data} />
            <FileRetentionSettings config={data} />
            <HeroSettings config={data} />
            <ShopIdentitySettings config={data} />
          </div>
        )
      )}
    </div>
  );
}
