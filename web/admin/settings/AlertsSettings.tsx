import { type FormEvent, useState } from "react";
import { formatDateTime } from "../../../shared/order-view";
import { apiCall } from "../api";
import { Notice, ResultNotice, useResult } from "../parts";
import { pushSupported, subscribeThisDevice } from "../push-device";
import type { AlertSettingsView } from "../types";
import { useLoad } from "../use-load";
import { useSave } from "../use-save";
import { SettingsCard, SettingsSave } from "./SettingsCard";

type AlertEvent = keyof AlertSettingsView["events"];

/** The switches, in the card's order, in the owner's words. */
const EVENT_LABELS: [AlertEvent, string][] = [
  ["order_paid", "An order is paid"],
  ["quote_accepted", "A quote is accepted"],
  ["quote_changes", "A shopper asks for changes to a quote"],
  ["quote_declined", "A quote is declined"],
  ["refund_due", "A late payment needs refunding"],
  ["email_failed", "An email cannot be delivered"],
  ["not_ready", "The shop stops taking orders (a full disk)"],
  ["backup_failed", "The backup check fails"],
  ["digest", "The morning digest, on working days"],
];

const ENDPOINT = "/api/admin/notifications";

/**
 * The Alerts card (docs/decisions/0046-owner-alerts.md): turn on this device, send a test alert, the devices
 * with their last delivered alert (remove one), the switches, the digest time, and ntfy for phones without push.
 */
export function AlertsSettings() {
  const { data, error, reload } = useLoad(() => apiCall<AlertSettingsView>(ENDPOINT), "Failed to load the alert settings");
  return (
    <div id="alerts">
      <SettingsCard id="alerts-title" title="Alerts">
        <Notice tone="error">{error}</Notice>
        {data && (
          <>
            <ThisDevice settings={data} reload={reload} />
            <Devices settings={data} reload={reload} />
            <AlertChoices settings={data} reload={reload} />
          </>
        )}
      </SettingsCard>
    </div>
  );
}

type Part = { settings: AlertSettingsView; reload: () => Promise<unknown> };

function ThisDevice({ settings, reload }: Part) {
  const turningOn = useSave();
  const testing = useSave(turningOn.result);

  async function turnOn() {
    await turningOn.save(async () => {
      const subscription = await subscribeThisDevice(settings.vapid_public_key);
      await apiCall(`${"/api/admin/push/subscriptions"}`, { method: "POST", json: subscription });
      await reload();
      turningOn.result.succeed("Alerts are on for this device.");
    }, "Failed to turn on alerts on this device");
  }

  async function sendTest() {
    await testing.save(async () => {
      await apiCall(`${ENDPOINT}/test`, { method: "POST" });
      turningOn.result.succeed("Test alert sent: it should arrive in a few seconds.");
    }, "Failed to send a test alert");
  }

  return (
    <div className="admin-setting">
      <p className="hint">
        Alerts arrive as notifications on this phone or computer, each opening its screen here.
        {pushSupported()
          ? ""
          : " This browser cannot receive them: on an iPhone, add the admin to the Home Screen first, or use ntfy below."}
      </p>
      <div className="admin-toolbar admin-alerts__actions">
        <button type="button" className="button button--primary" onClick={turnOn} disabled={turningOn.busy}>
          {turningOn.busy ? "Turning on…" : "Turn on alerts on this device"}
        </button>
        <button type="button" className="button" onClick={sendTest} disabled={testing.busy}>
          {testing.busy ? "Sending…" : "Send a test alert"}
        </button>
      </div>
      <ResultNotice state={turningOn.result} />
    </div>
  );
}

function Devices({ settings, reload }: Part) {
  const result = useResult();
  const [removing, setRemoving] = useState<number | null>(null);

  async function remove(id: number, label: string) {
    result.clear();
    setRemoving(id);
    try {
      await apiCall(`/api/admin/push/subscriptions/${id}`, { method: "DELETE" });
      await reload();
      result.succeed(`${label} removed: it gets no more alerts.`);
    } catch {
      result.fail(`Failed to remove ${label}.`);
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="admin-setting">
      <h3 className="admin-alerts__heading">Devices</h3>
      {settings.devices.length === 0 ? (
        <p className="muted">No device gets push alerts yet.</p>
      ) : (
        <ul className="admin-alerts__devices" aria-label="Devices that get alerts">
          {settings.devices.map((device) => (
            <li key={device.id}>
              <span>
                <strong>{device.label}</strong>
                <span className="muted">
                  {device.last_ok_at ? `Last alert delivered ${formatDateTime(device.last_ok_at)}` : "No alert delivered yet"}
                </span>
              </span>
              <button type="button" className="button" onClick={() => remove(device.id, device.label)} disabled={removing === device.id}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <ResultNotice state={result} />
    </div>
  );
}

function AlertChoices({ settings, reload }: Part) {
  const [events, setEvents] = useState(settings.events);
  const [digestTime, setDigestTime] = useState(settings.digest_time);
  const [ntfyUrl, setNtfyUrl] = useState(settings.ntfy_url ?? "");
  const [ntfyToken, setNtfyToken] = useState("");
  const saving = useSave();

  async function save(event: FormEvent) {
    event.preventDefault();
    await saving.save(async () => {
      // The token is sent only when typed: the field never shows the kept one.
      await apiCall(ENDPOINT, {
        method: "PUT",
        json: { events, digest_time: digestTime, ntfy_url: ntfyUrl, ...(ntfyToken ? { ntfy_token: ntfyToken } : {}) },
      });
      setNtfyToken("");
      await reload();
      saving.result.succeed("Alert settings saved.");
    }, "Failed to save the alert settings");
  }

  return (
    <form className="admin-alerts__form" onSubmit={save}>
      <fieldset className="admin-alerts__switches">
        <legend>Send an alert when</legend>
        {EVENT_LABELS.map(([name, label]) => (
          <label key={name} className="admin-alerts__switch">
            <input type="checkbox" checked={events[name]} onChange={(change) => setEvents({ ...events, [name]: change.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="admin-setting">
        <label htmlFor="alerts-digest-time">Digest time (UK)</label>
        <p className="hint">Sent on working days: not at weekends or on bank holidays.</p>
        <div className="admin-setting__row">
          <input
            id="alerts-digest-time"
            type="time"
            value={digestTime}
            required
            onChange={(change) => setDigestTime(change.target.value)}
          />
        </div>
      </div>
      <div className="admin-setting">
        <label htmlFor="alerts-ntfy-url">ntfy topic address</label>
        <p className="hint">
          For a phone without push alerts: the ntfy app's topic, such as https://ntfy.sh/your-topic. Leave empty for none.
        </p>
        <div className="admin-setting__row">
          <input
            id="alerts-ntfy-url"
            type="url"
            inputMode="url"
            value={ntfyUrl}
            spellCheck={false}
            onChange={(change) => setNtfyUrl(change.target.value)}
          />
        </div>
      </div>
      <div className="admin-setting">
        <label htmlFor="alerts-ntfy-token">ntfy access token</label>
        <p className="hint">{settings.ntfy_token_set ? "A token is kept; type a new one to replace it." : "Only for a protected topic."}</p>
        <div className="admin-setting__row">
          <input
            id="alerts-ntfy-token"
            type="password"
            autoComplete="off"
            value={ntfyToken}
            spellCheck={false}
            onChange={(change) => setNtfyToken(change.target.value)}
          />
        </div>
      </div>
      <SettingsSave saving={saving} label="Save alerts" />
    </form>
  );
}
