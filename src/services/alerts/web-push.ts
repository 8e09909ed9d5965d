import type { PushDevice } from "../../modules/alerts/store";
import type { AlertSender, OutboxRow } from "../../modules/outbox/service";
import { MailerError } from "../mail/mailer";

/** A push service that takes longer than this is treated as down: the outbox retries later. */
const PUSH_TIMEOUT_MS = 20_000;
/** How long the push service may keep an alert for a phone that is off: a day, after which it is stale. */
const ALERT_TTL_SECONDS = 24 * 60 * 60;

type PushDevices = {
  device(id: number): PushDevice | null;
  removeDevice(id: number): boolean;
  deviceReached(id: number, at: string): unknown;
  vapidKeys(): { publicKey: string; privateKey: string };
};

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and an aes128gcm payload (RFC 8291), built by npm web-push and sent
 * with fetch. A device the push service no longer knows (404, 410) is removed. Payload: `{ title, body, url }`,
 * which the admin's service worker shows (web/admin/sw.ts).
 */
export function createPushSender({ devices, subject, now }: { devices: PushDevices; subject: string; now: () => Date }): AlertSender {
  return async (row: OutboxRow) => {
    const device = devices.device(Number(row.recipient));
    if (!device) throw new MailerError("The device was removed before this alert went out.", false);
    const keys = devices.vapidKeys();
    // Loaded on the first alert, not at start: the library and its dependencies cost the shop's cold start.
    const { default: webpush } = await import("web-push");
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify({ title: row.subject, body: row.text, url: row.link }),
      { vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey }, TTL: ALERT_TTL_SECONDS, urgency: "high" },
    );
    let response: Response;
    try {
      response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body as unknown as BodyInit,
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
    } catch (error) {
      throw new MailerError(`The push service could not be reached: ${(error as Error).message}`, true);
    }
    if (response.status === 404 || response.status === 410) {
      devices.removeDevice(device.id);
      throw new MailerError(`The push service no longer knows "${device.label}" (${response.status}), so the device was removed.`, false);
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new MailerError(`The push service answered ${response.status} for "${device.label}".`, retryable);
    }
    devices.deviceReached(device.id, now().toISOString());
    return { id: response.headers.get("location") ?? `push-${row.id}` };
  };
}

/** VAPID's contact for the push services: the owner's email, else the shop's own address when it is https. */
export function vapidSubject(ownerEmail: string | undefined, publicUrl: string): string {
  if (ownerEmail) return `mailto:${ownerEmail}`;
  const url = new URL(publicUrl);
  return url.protocol === "https:" && url.hostname !== "localhost" ? url.origin : `mailto:owner@${url.hostname}`;
}
