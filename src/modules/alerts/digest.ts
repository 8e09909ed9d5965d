import type { Database } from "bun:sqlite";
import { formatPence } from "../../../shared/money";
import type { OrderStage } from "../../../shared/order-stages";
import { addUkDays, ukDayStart, ukTimeOfDay, ukToday } from "../../../shared/uk-day";
import { isWorkingDay } from "../../../shared/working-days";
import { writeTransaction } from "../../db/transaction";
import { renderOwnerDigest } from "../../emails/owner-digest";
import { readShopIdentity } from "../content/service";
import type { OrderStore } from "../orders/store";
import { enqueueEmail } from "../outbox/service";
import type { Alerts } from "./alerts";
import { ADMIN_LINKS } from "./happenings";
import type { AlertStore } from "./store";

/** How many of the orders due today or before a digest lists one by one; the rest are counted. */
const LISTED_ORDERS = 30;

/** The quotes still waiting for the shopper, through `quotes_waiting_by_day` (docs/decisions/0059-every-list-bounded.md). */
export const WAITING_QUOTES_SQL =
  "SELECT id, version, custom_request_id AS request_id, valid_until FROM quotes WHERE status = 'sent' AND valid_until >= ? ORDER BY valid_until, id";

export type DigestOrder = { id: string; dispatch_by: string; overdue: boolean; stage: OrderStage | null; items: number };
type DigestQuote = { id: string; version: number; request_id: string; valid_until: string };

/** What the owner's morning digest says (docs/decisions/0046-owner-alerts.md). */
export type DigestContent = {
  day: string;
  /** Orders promised for today or earlier, overdue first (soonest promise first). */
  toMake: DigestOrder[];
  /** Orders due today or before that the list leaves out. */
  toMakeNotListed: number;
  /** Orders in the queue promised for a later day, or with no promise. */
  toMakeLater: number;
  /** Quotes sent and still live: the shopper has not answered. */
  waitingOnShoppers: DigestQuote[];
  /** Pence taken yesterday (UK day), less refunds made on it. */
  takingsYesterday: number;
  /** Emails and alerts given up on since the day before at the digest's time. */
  failures: { kind: string; channel: string; order_id: string | null }[];
};

/** The push line: one sentence, or "nothing" briefly on an empty day. */
function digestLine(digest: DigestContent): string {
  const overdue = digest.toMake.filter((order) => order.overdue).length;
  const due = digest.toMake.length + digest.toMakeNotListed;
  const parts = [
    due > 0 ? `${due} to make today${overdue > 0 ? ` (${overdue} overdue)` : ""}` : null,
    digest.waitingOnShoppers.length > 0
      ? `${digest.waitingOnShoppers.length} ${digest.waitingOnShoppers.length === 1 ? "quote" : "quotes"} waiting on shoppers`
      : null,
    digest.takingsYesterday !== 0 ? `${formatPence(digest.takingsYesterday)} taken yesterday` : null,
    digest.failures.length > 0 ? `${digest.failures.length} failed overnight` : null,
  ].filter((part): part is string => part !== null);
  return parts.length === 0 ? "A quiet day: nothing due, nothing waiting, nothing failed." : `${parts.join(" · ")}.`;
}

function readDigest(db: Database, orders: OrderStore, at: Date, digestTime: string): DigestContent {
  const day = ukToday(at);
  const queue = orders.queue(null, null, 1000);
  const due = queue.filter((row) => row.dispatch_by !== null && row.dispatch_by <= day);
  const listed = due.slice(0, LISTED_ORDERS);
  const itemCounts = new Map<string, number>();
  for (const item of orders.itemsOfOrders(listed.map((row) => row.id)))
    itemCounts.set(item.order_id, (itemCounts.get(item.order_id) ?? 0) + item.quantity);
  const yesterday = addUkDays(day, -1);
  const since = new Date(Date.parse(ukDayStart(yesterday)) + minutesOf(digestTime) * 60_000).toISOString();
  return {
    day,
    toMake: listed.map((row) => ({
      id: row.id,
      dispatch_by: row.dispatch_by!,
      overdue: row.dispatch_by! < day,
      stage: row.stage,
      items: itemCounts.get(row.id) ?? 0,
    })),
    toMakeNotListed: due.length - listed.length,
    toMakeLater: orders.queueCount(null) - due.length,
    waitingOnShoppers: db.query<DigestQuote, [string]>(WAITING_QUOTES_SQL).all(day),
    takingsYesterday:
      db
        .query<{ pence: number }, [string, string]>(
          "SELECT COALESCE(SUM(paid_cents - refunded_cents), 0) AS pence FROM takings_by_hour WHERE hour >= ? AND hour < ?",
        )
        .get(ukDayStart(yesterday).slice(0, 13), ukDayStart(day).slice(0, 13))?.pence ?? 0,
    failures: db
      .query<DigestContent["failures"][number], [string]>(
        // A failed row's next_attempt_at is its last try's time: when it was given up on.
        "SELECT kind, channel, order_id FROM email_outbox WHERE status = 'failed' AND next_attempt_at >= ? ORDER BY id",
      )
      .all(since),
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type Digest = ReturnType<typeof createDigest>;
export type DigestRun = { queued: boolean; reason: "sent" | "not a working day" | "not yet" | "already sent" | "switched off" };

/**
 * The owner's morning digest: on a working day of England and Wales (shared/working-days.ts: weekends and bank
 * holidays are not), once the UK clock reaches the owner's digest time, once a day (the day is kept, so a restart
 * sends no second). An email to OWNER_EMAIL when set, and a one-line alert on the owner's devices and ntfy.
 */
export function createDigest({
  db,
  store,
  alerts,
  orders,
  ownerEmail,
  publicUrl,
}: {
  db: Database;
  store: AlertStore;
  alerts: Alerts;
  orders: OrderStore;
  ownerEmail: string | undefined;
  publicUrl: string;
}) {
  return {
    run(at: Date): DigestRun {
      const day = ukToday(at);
      if (!isWorkingDay(day)) return { queued: false, reason: "not a working day" };
      const digestTime = store.digestTime();
      if (ukTimeOfDay(at) < digestTime) return { queued: false, reason: "not yet" };
      if (store.lastDigestDay() === day) return { queued: false, reason: "already sent" };
      if (!store.isOn("digest")) return { queued: false, reason: "switched off" };
      const digest = readDigest(db, orders, at, digestTime);
      writeTransaction(db, () => {
        store.digestQueuedFor(day);
        const line = digestLine(digest);
        if (ownerEmail) {
          enqueueEmail(db, {
            dedupeKey: `digest:${day}`,
            kind: "digest",
            orderId: null,
            recipient: ownerEmail,
            ...renderOwnerDigest(digest, line, publicUrl, readShopIdentity(db)),
          });
        }
        alerts.queue("digest", `digest:${day}`, { title: "Today's digest", body: line, url: ADMIN_LINKS.toMake });
      });
      return { queued: true, reason: "sent" };
    },
  };
}
