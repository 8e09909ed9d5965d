import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Shown above every admin page while the browser has no connection (docs/decisions/0046-owner-alerts.md). */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p className="admin-notice admin-notice--warning admin-banner" role="status">
      You are offline. The To make queue shows what was last loaded; other pages and changes wait for a connection.
    </p>
  );
}
