import type { AlertSender, OutboxRow } from "../../modules/outbox/service";
import { MailerError } from "../mail/mailer";

const NTFY_TIMEOUT_MS = 20_000;

/**
 * ntfy (https://docs.ntfy.sh/publish/): a POST of the message to the topic's URL, its title and the screen to
 * open in headers, the owner's access token as a Bearer token. The topic is read at sending time, so a topic the
 * owner changed is where the next retry goes.
 */
export function createNtfySender({
  topic,
  publicUrl,
}: {
  topic: () => { url: string; token: string | null } | null;
  publicUrl: string;
}): AlertSender {
  return async (row: OutboxRow) => {
    const target = topic();
    if (!target) throw new MailerError("No ntfy topic is set any more.", false);
    const headers: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8", Title: encodeHeader(row.subject) };
    if (row.link) headers.Click = new URL(row.link, publicUrl).toString();
    if (target.token) headers.Authorization = `Bearer ${target.token}`;
    let response: Response;
    try {
      response = await fetch(target.url, { method: "POST", headers, body: row.text, signal: AbortSignal.timeout(NTFY_TIMEOUT_MS) });
    } catch (error) {
      throw new MailerError(`ntfy could not be reached: ${(error as Error).message}`, true);
    }
    if (!response.ok) {
      const retryable = response.status === 429 || response.status >= 500;
      throw new MailerError(
        `ntfy answered ${response.status}${response.status === 401 || response.status === 403 ? ": check the access token" : ""}.`,
        retryable,
      );
    }
    const answer = (await response.json().catch(() => null)) as { id?: string } | null;
    return { id: answer?.id ?? `ntfy-${row.id}` };
  };
}

/** Header values are bytes: ntfy reads a title given as RFC 2047 UTF-8 ("=?UTF-8?B?…?="), so "£" survives. */
function encodeHeader(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text).toString("base64")}?=`;
}
