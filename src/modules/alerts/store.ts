import type { Database } from "bun:sqlite";
import type { Env } from "../../env";
import { ALERT_EVENTS, type AlertEvent, type AlertSettingsInput, type AlertSwitches, type SubscriptionInput } from "./model";

type SettingsRow = {
  events: string;
  digest_time: string;
  ntfy_url: string | null;
  ntfy_token: string | null;
  vapid_public_key: string | null;
  vapid_private_key: string | null;
  last_digest_day: string | null;
};

export type PushDevice = {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: string;
  last_ok_at: string | null;
};

/** GET /api/admin/notifications: the call contract's fields, plus whether an ntfy token is kept (never the token). */
export type AlertSettingsView = {
  events: AlertSwitches;
  digest_time: string;
  ntfy_url: string | null;
  ntfy_token_set: boolean;
  vapid_public_key: string;
  devices: { id: number; label: string; created_at: string; last_ok_at: string | null }[];
};

export type AlertStore = ReturnType<typeof alertStore>;
type AlertEnv = Pick<Env, "NTFY_URL" | "NTFY_TOKEN" | "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">;

/**
 * The one reader and writer of `alert_settings` and `push_devices`. Settings the owner saved win over the
 * environment's (NTFY_URL, NTFY_TOKEN); VAPID keys come from the environment or are made once and kept, so a
 * device's subscription stays valid across restarts (docs/decisions/0046-owner-alerts.md).
 */
export function alertStore(db: Database, env: AlertEnv) {
  const row = () => db.query<SettingsRow, []>("SELECT * FROM alert_settings WHERE id = 1").get()!;

  function switches(stored: string): AlertSwitches {
    const turned = JSON.parse(stored) as Partial<AlertSwitches>;
    return Object.fromEntries(ALERT_EVENTS.map((event) => [event, turned[event] !== false])) as AlertSwitches;
  }

  function vapidKeys(): { publicKey: string; privateKey: string } {
    if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY };
    const kept = row();
    if (kept.vapid_public_key && kept.vapid_private_key) return { publicKey: kept.vapid_public_key, privateKey: kept.vapid_private_key };
    // Loaded only when keys are first made, not at start: the library costs the shop's cold start.
    const made = (require("web-push") as typeof import("web-push")).generateVAPIDKeys();
    // Only the first writer's keys are kept; a second, racing, reads them back.
    db.query("UPDATE alert_settings SET vapid_public_key = ?, vapid_private_key = ? WHERE id = 1 AND vapid_public_key IS NULL").run(
      made.publicKey,
      made.privateKey,
    );
    const now = row();
    return { publicKey: now.vapid_public_key!, privateKey: now.vapid_private_key! };
  }

  const devices = () => db.query<PushDevice, []>("SELECT * FROM push_devices ORDER BY id").all();

  return {
    isOn(event: AlertEvent): boolean {
      return switches(row().events)[event];
    },
    digestTime: () => row().digest_time,
    view(): AlertSettingsView {
      const kept = row();
      return {
        events: switches(kept.events),
        digest_time: kept.digest_time,
        ntfy_url: kept.ntfy_url ?? env.NTFY_URL ?? null,
        ntfy_token_set: Boolean(kept.ntfy_token ?? env.NTFY_TOKEN),
        vapid_public_key: vapidKeys().publicKey,
        devices: devices().map(({ id, label, created_at, last_ok_at }) => ({ id, label, created_at, last_ok_at })),
      };
    },
    /** Saves what the input names; a field left out keeps its value. Call inside a write transaction. */
    save(input: AlertSettingsInput): void {
      const kept = row();
      const events = { ...(JSON.parse(kept.events) as Record<string, boolean>), ...input.events };
      db.query(`UPDATE alert_settings SET events = ?, digest_time = ?, ntfy_url = ?, ntfy_token = ? WHERE id = 1`).run(
        JSON.stringify(events),
        input.digest_time ?? kept.digest_time,
        input.ntfy_url === undefined ? kept.ntfy_url : input.ntfy_url,
        input.ntfy_token === undefined ? kept.ntfy_token : input.ntfy_token,
      );
    },
    /** Where ntfy alerts go, or null when no topic is set. */
    ntfy(): { url: string; token: string | null } | null {
      const kept = row();
      const url = kept.ntfy_url ?? env.NTFY_URL;
      return url ? { url, token: kept.ntfy_token ?? env.NTFY_TOKEN ?? null } : null;
    },
    vapidKeys,
    devices,
    device: (id: number) => db.query<PushDevice, [number]>("SELECT * FROM push_devices WHERE id = ?").get(id),
    /** The same browser subscribing again keeps its one row (with its new keys). */
    addDevice(input: SubscriptionInput, fallbackLabel: string): number {
      return db
        .query<{ id: number }, [string, string, string, string]>(
          `INSERT INTO push_devices (endpoint, p256dh, auth, label) VALUES (?, ?, ?, ?)
           ON CONFLICT(endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label
           RETURNING id`,
        )
        .get(input.endpoint, input.keys.p256dh, input.keys.auth, input.label ?? fallbackLabel)!.id;
    },
    removeDevice: (id: number) => db.query("DELETE FROM push_devices WHERE id = ?").run(id).changes === 1,
    deviceReached: (id: number, at: string) => db.query("UPDATE push_devices SET last_ok_at = ? WHERE id = ?").run(at, id),
    lastDigestDay: () => row().last_digest_day,
    digestQueuedFor: (day: string) => db.query("UPDATE alert_settings SET last_digest_day = ? WHERE id = 1").run(day),
  };
}
