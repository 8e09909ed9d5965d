import { useSyncExternalStore } from "react";

/**
 * Whether the admin reaches the shop (docs/decisions/0046-owner-alerts.md). The browser's own word,
 * `navigator.onLine` with its online and offline events, is not enough: it says "online" on a network that does
 * not reach the shop, and a page opened with no connection may still be told "online". So the admin's own calls
 * count too (`api.ts`): one that got no answer, or whose answer was the service worker's kept copy (stamped
 * X-Saved-At), means offline until the shop answers a call again or the browser says it is back online.
 */
let shopUnanswered = false;
const listeners = new Set<() => void>();

function setShopUnanswered(unanswered: boolean): void {
  if (shopUnanswered === unanswered) return;
  shopUnanswered = unanswered;
  for (const listener of listeners) listener();
}

/** After each of the admin's calls: whether the shop itself answered it. */
export function noteShopAnswered(answered: boolean): void {
  setShopUnanswered(!answered);
}

function backOnline(): void {
  setShopUnanswered(false);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener("online", backOnline);
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("online", backOnline);
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** True while the browser has a connection and the shop answers the admin's calls. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !shopUnanswered,
    () => true,
  );
}
