import { useOnline } from "./connection";

const OFFLINE_NOTICE = "You are offline. The To make queue shows what was last loaded; other pages and changes wait for a connection.";

/**
 * Shown above every admin page while the admin cannot reach the shop (`connection.ts`,
 * docs/decisions/0046-owner-alerts.md). In the page's flow under the navigation, never over it: it moves the work
 * down rather than hiding any of it, and on a phone it wraps (the email banner folds to one line; this one is read
 * whole). The live region is always there, so a screen reader hears the notice when the connection drops, not only
 * when a page opens offline.
 */
export function OfflineNotice() {
  const online = useOnline();
  return <div role="status">{!online && <p className="admin-notice admin-notice--warning admin-banner">{OFFLINE_NOTICE}</p>}</div>;
}
