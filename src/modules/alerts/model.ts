import { z } from "zod";

/** Every alert the owner can switch, in the order the Alerts card lists them (the call contract's names). */
export const ALERT_EVENTS = [
  "order_paid",
  "quote_accepted",
  "quote_changes",
  "quote_declined",
  "refund_due",
  "email_failed",
  "not_ready",
  "backup_failed",
  "digest",
] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
export type AlertSwitches = Record<AlertEvent, boolean>;

/** What an alert says: a title, one line, and the /admin screen it opens. No address, no shopper's name. */
export type Alert = { title: string; body: string; url: string };

const NOT_PRODUCTION_LOOPBACK_NOTE = "outside production an http:// address on this computer (localhost) is accepted";

export const ALERT_MESSAGES = {
  events: `events must be an object of on/off switches, each one of ${ALERT_EVENTS.join(", ")}, set to true or false.`,
  unknownEvent: (name: string) => `There is no alert called "${name}": use one of ${ALERT_EVENTS.join(", ")}.`,
  digestTime: 'digest_time must be a time of day written HH:MM in UK time, such as "07:30".',
  ntfyUrl: (production: boolean) =>
    `ntfy_url must be an https:// address of an ntfy topic, such as https://ntfy.sh/your-topic${production ? "" : ` (${NOT_PRODUCTION_LOOPBACK_NOTE})`}.`,
  ntfyToken: "ntfy_token must be the access token ntfy gave you (letters, digits, - and _ only, at most 200 characters), or null for none.",
  notAnObject: "Send the alert settings as a JSON object: events, digest_time, ntfy_url, ntfy_token.",
  unknownField: (name: string) => `"${name}" is not an alert setting: send events, digest_time, ntfy_url or ntfy_token.`,
  endpoint: (production: boolean) =>
    `endpoint must be the https:// address the browser's push service gave${production ? "" : ` (${NOT_PRODUCTION_LOOPBACK_NOTE})`}.`,
  p256dh: "keys.p256dh must be the browser's public key: 65 bytes in base64url, as PushSubscription.toJSON() gives it.",
  auth: "keys.auth must be the browser's auth secret: 16 bytes in base64url, as PushSubscription.toJSON() gives it.",
  label: "label must be a short name for this device (1 to 60 characters), or left out.",
  deviceNotFound: "There is no device with that id: it may have been removed already.",
  testNowhere: "There is nowhere to send a test alert yet: turn on alerts on this device or set an ntfy topic first.",
} as const;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * An address alerts may be sent to: https always; http only outside production and only to this computer,
 * where the local stand-ins (and an owner trying ntfy on their own machine) listen.
 */
function acceptedAlertAddress(text: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return url.hostname !== "";
  return !production && url.protocol === "http:" && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.startsWith("127."));
}

/** base64url text that decodes to exactly `bytes` bytes (and, for a public key, an uncompressed P-256 point: 0x04 first). */
function base64urlOf(bytes: number, firstByte?: number) {
  return (value: string) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return false;
    const decoded = Buffer.from(value, "base64url");
    return decoded.length === bytes && (firstByte === undefined || decoded[0] === firstByte);
  };
}

export function settingsInputSchema(production: boolean) {
  return z.strictObject(
    {
      events: z
        .record(z.string(), z.boolean({ error: ALERT_MESSAGES.events }), { error: ALERT_MESSAGES.events })
        .superRefine((events, context) => {
          const unknown = Object.keys(events).find((name) => !(ALERT_EVENTS as readonly string[]).includes(name));
          if (unknown !== undefined) context.addIssue({ code: "custom", message: ALERT_MESSAGES.unknownEvent(unknown) });
        })
        .optional(),
      digest_time: z
        .string({ error: ALERT_MESSAGES.digestTime })
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: ALERT_MESSAGES.digestTime })
        .optional(),
      // An empty address field in the card means "no ntfy".
      ntfy_url: z
        .preprocess(
          (value) => (typeof value === "string" && value.trim() === "" ? null : value),
          z
            .string({ error: ALERT_MESSAGES.ntfyUrl(production) })
            .trim()
            .refine((value) => acceptedAlertAddress(value, production), { error: ALERT_MESSAGES.ntfyUrl(production) })
            .nullable(),
        )
        .optional(),
      ntfy_token: z
        .string({ error: ALERT_MESSAGES.ntfyToken })
        .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: ALERT_MESSAGES.ntfyToken })
        .nullable()
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys" ? ALERT_MESSAGES.unknownField(issue.keys[0] ?? "") : ALERT_MESSAGES.notAnObject,
    },
  );
}
export type AlertSettingsInput = z.infer<ReturnType<typeof settingsInputSchema>>;

export function subscriptionInputSchema(production: boolean) {
  return z.object({
    endpoint: z
      .string({ error: ALERT_MESSAGES.endpoint(production) })
      .max(2000, { error: ALERT_MESSAGES.endpoint(production) })
      .refine((value) => acceptedAlertAddress(value, production), { error: ALERT_MESSAGES.endpoint(production) }),
    keys: z.object(
      {
        p256dh: z.string({ error: ALERT_MESSAGES.p256dh }).refine(base64urlOf(65, 4), { error: ALERT_MESSAGES.p256dh }),
        auth: z.string({ error: ALERT_MESSAGES.auth }).refine(base64urlOf(16), { error: ALERT_MESSAGES.auth }),
      },
      { error: ALERT_MESSAGES.p256dh },
    ),
    label: z
      .string({ error: ALERT_MESSAGES.label })
      .trim()
      .min(1, { error: ALERT_MESSAGES.label })
      .max(60, { error: ALERT_MESSAGES.label })
      .optional(),
  });
}
export type SubscriptionInput = z.infer<ReturnType<typeof subscriptionInputSchema>>;
