/**
 * This browser and the admin's service worker (docs/decisions/0046-owner-alerts.md): registering it (scope
 * /admin/ only) and subscribing this device to the owner's push alerts.
 */
const WORKER = "/admin/sw.js";
const SCOPE = "/admin/";

const PUSH_UNSUPPORTED =
  "This browser cannot receive push alerts. On an iPhone, add the admin to the Home Screen first (Share, then Add to Home Screen) and open it from there; or set an ntfy topic below.";
const PUSH_BLOCKED = "Notifications are blocked for this site: allow them in the browser's site settings, then try again.";

export function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** Registers the admin's worker: it keeps the To make queue for offline reading and shows alerts. */
export function registerAdminWorker(): Promise<ServiceWorkerRegistration> | null {
  if (!("serviceWorker" in navigator)) return null;
  return navigator.serviceWorker.register(WORKER, { scope: SCOPE });
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const text = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

/** Asks to show notifications and subscribes through the browser's push service; what the shop's call takes. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } }> {
  if (!pushSupported()) throw new Error(PUSH_UNSUPPORTED);
  if ((await Notification.requestPermission()) !== "granted") throw new Error(PUSH_BLOCKED);
  await registerAdminWorker();
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidPublicKey) }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return { endpoint: json.endpoint, keys: json.keys };
}
