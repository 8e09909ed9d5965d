import type { Database } from "bun:sqlite";
import { createHmac } from "node:crypto";
import { formatUkDay, ukToday } from "../../../shared/uk-day";
import { countingDay, dispatchBy, workingDaysBetween } from "../../../shared/working-days";
import { rowId } from "../../db/row-id";
import { shopSecret } from "../../db/shop-secret";
import { writeTransaction } from "../../db/transaction";
import { renderHoldAnswerNotice, renderHoldEmail } from "../../emails/hold";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../errors";
import { hashLinkToken as hashToken, linkTokenMatches } from "../../http/link-token";
import { errorFields, log } from "../../log";
import { ORDER_CANCELLED, ORDER_NOT_FOUND } from "../admin-orders/model";
import { queueDispatchDateEmail } from "../admin-orders/production-service";
import type { ContentService } from "../content/service";
import { readShopIdentity } from "../content/service";
import type { Order, OrderItemMeta } from "../orders/model";
import type { ProductionRecords } from "../orders/production";
import type { OrderService } from "../orders/service";
import type { OrderStore } from "../orders/store";
import { enqueueEmail } from "../outbox/service";
import { parseOrBadRequest } from "../validate";
import {
  changesMessageSchema,
  closedHoldMessage,
  HOLD_MESSAGES,
  HOLD_NOT_FOUND,
  type HoldCreated,
  type HoldView,
  type NewHoldRequest,
  type NewRoundRequest,
  REASON_LABELS,
} from "./model";
import { type ProofFirstParts, proofFirstQuestion } from "./proof-first";
import type { HoldReplacements } from "./replacements";
import { type HoldRow, type HoldStore, windowEnds } from "./store";

/** Reminders go after this many working days without an answer (docs/decisions/0048-order-holds.md). */
const REMINDER_DAYS = [2, 5] as const;

/** The configuration key of the secret the hold links are signed with (src/db/shop-secret.ts). */
const LINK_KEY_NAME = "hold_link_key";

export type HoldService = ReturnType<typeof createHoldService>;

type HoldServiceParts = {
  db: Database;
  store: HoldStore;
  orderStore: OrderStore;
  orders: OrderService;
  production: ProductionRecords;
  content: ContentService;
  replacements: HoldReplacements;
  /** What a paid order's "Proof before making" question is made from (proof-first.ts). */
  proofFirst: Omit<ProofFirstParts, "publicUrl">;
  /** Cancels a held order with a full refund and its stock put back, through the owner's own refund and cancel. */
  cancelOrder: (orderId: string) => Promise<void>;
  publicUrl: string;
  ownerEmail: string | undefined;
  now: () => Date;
};

/**
 * Holds for the shopper's answer (docs/decisions/0048-order-holds.md): the owner asks, the shopper answers through a
 * private link, and the dispatch promise stops while the hold is open and goes on from the answer.
 */
export function createHoldService(parts: HoldServiceParts) {
  const { db, store, orderStore, orders, production, content, replacements, publicUrl, ownerEmail, now } = parts;
  let linkKey: string | null = null;

  /**
   * The link's token: an HMAC of the hold's id under the shop's own secret (256 bits), so every email about the hold
   * (a new round, a reminder) carries the same link without the token being stored; only its hash is.
   */
  function tokenOf(holdId: string): string {
    linkKey ??= shopSecret(db, LINK_KEY_NAME);
    return createHmac("sha256", linkKey).update(holdId).digest("base64url");
  }

  function linkOf(row: Pick<HoldRow, "id" | "order_id">): string {
    return `${publicUrl.replace(/\/+$/, "")}/order/${encodeURIComponent(row.order_id)}/hold/${encodeURIComponent(row.id)}?t=${tokenOf(row.id)}`;
  }

  /** The hold behind a link, only with its token; anything else is the one NotFound, compared in constant time. */
  function openWithToken(orderId: string, id: string, token: string | undefined): HoldRow {
    const row = store.one(orderId, id);
    const matches = linkTokenMatches(row?.token_hash ?? null, token);
    if (!row || !matches || !token) throw new NotFound(HOLD_NOT_FOUND);
    return row;
  }

  function viewOf(row: HoldRow): HoldView {
    const versions = store.versions(row.id).map(({ proof_urls, replacement_token: _, ...version }) => ({
      ...version,
      proofs: (JSON.parse(proof_urls) as string[]).map((url) => ({ url })),
    }));
    const newest = versions.at(-1);
    return {
      id: row.id,
      order_id: row.order_id,
      status: row.status,
      reason: row.reason,
      message: newest?.message ?? "",
      proofs: newest?.proofs ?? [],
      since: row.since,
      window_ends: windowEnds(row),
      allow_cancel: row.allow_cancel === 1,
      default_action: row.default_action,
      line_index: row.line_index,
      line: lineOf(row),
      versions,
    };
  }

  function lineOf(row: HoldRow): HoldView["line"] {
    const line = row.line_index === null ? undefined : orderStore.items(row.order_id)[row.line_index];
    if (!line) return null;
    const meta = JSON.parse(line.meta) as OrderItemMeta;
    return { product_id: line.product_id, product_name: line.product_name, file: meta.gpxToken ? "gpx" : meta.imageToken ? "image" : null };
  }

  /** Tells the shopper about a round (the first, a new one, or a reminder), with the link. */
  function emailShopper(order: Order, row: HoldRow, dedupeKey: string, kind: string, reminder = false): boolean {
    if (!order.email) return false;
    const view = viewOf(row);
    return enqueueEmail(db, {
      dedupeKey,
      kind,
      orderId: order.id,
      recipient: order.email,
      ...renderHoldEmail(
        order,
        {
          title: REASON_LABELS[row.reason],
          message: view.message,
          proofs: view.proofs.map((proof) => absolute(proof.url)),
          url: linkOf(row),
          windowEnds: view.window_ends,
          defaultAction: row.default_action,
          version: view.versions.length,
        },
        readShopIdentity(db),
        reminder,
      ),
    });
  }

  function absolute(url: string): string {
    return url.startsWith("/") ? `${publicUrl.replace(/\/+$/, "")}${url}` : url;
  }

  function tellOwner(
    order: Order,
    row: HoldRow,
    answer: "approved" | "changes_requested" | "cancelled" | "lapsed",
    message: string | null,
    replaced: boolean,
  ) {
    if (!ownerEmail) return;
    const version = store.versions(row.id).length;
    enqueueEmail(db, {
      dedupeKey: `hold-answer:${row.id}:${version}`,
      kind: "hold-answer",
      orderId: order.id,
      recipient: ownerEmail,
      ...renderHoldAnswerNotice(order, { answer, message, replaced }, publicUrl, readShopIdentity(db), now()),
    });
  }

  /**
   * The promise goes on from the answer: the working days that were left when the hold opened, counted from the
   * answer as an order placed then would count (the cut-off included), recorded with its reason and emailed.
   */
  function resumePromise(row: HoldRow, reason: string, at: Date): void {
    if (row.days_left === null) return;
    const current = orderStore.productionFields(row.order_id);
    if (!current || current.dispatch_by === null) return;
    const resumed = dispatchBy(at, row.days_left, content.dispatchSettings().cutOffHour);
    if (resumed === current.dispatch_by) return;
    const moveId = production.moveDispatchBy(row.order_id, current.dispatch_by, resumed, reason);
    const moved = orders.getOrder(row.order_id);
    if (moved) queueDispatchDateEmail(db, moved, moveId, { dispatchBy: resumed, previous: current.dispatch_by, reason }, publicUrl);
  }

  /** The shopper can answer only a hold that waits for them; anything else is 409 naming its state. */
  function requireWaiting(row: HoldRow): void {
    if (row.status !== "waiting") throw new Conflict(closedHoldMessage(row.status));
  }

  /** Closes the hold as approved (by the shopper) or lapsed (its default ran) at `at`, and the promise counts on. */
  function approveAt(row: HoldRow, answer: "approved" | "lapsed", reason: string, at: Date): void {
    store.answer(row.id, answer, null, null, at.toISOString());
    store.setStatus(row.id, answer, at.toISOString());
    resumePromise(row, reason, at);
  }

  /**
   * The owner asks (or a paid "Proof before making" order does): the hold, its first round, the paused promise and the
   * shopper's email, all or nothing.
   */
  function open(orderId: string, request: NewHoldRequest): HoldCreated {
    const id = rowId("hold");
    return writeTransaction(db, () => {
      const order = orderStore.ownerFields(orderId);
      if (!order) throw new NotFound(ORDER_NOT_FOUND);
      if (order.status === "canceled") throw new Conflict(ORDER_CANCELLED);
      if (order.status === "fulfilled" || order.stage === "dispatched") throw new Conflict(HOLD_MESSAGES.dispatched);
      if (store.open(orderId)) throw new Conflict(HOLD_MESSAGES.alreadyOpen);
      const lineIndex = request.line_index ?? null;
      if (lineIndex !== null && lineIndex >= orderStore.items(orderId).length) throw new BadRequest(HOLD_MESSAGES.lineIndex);
      const at = now();
      const promised = order.dispatch_by;
      const from = countingDay(at, content.dispatchSettings().cutOffHour);
      store.insert({
        id,
        orderId,
        reason: request.reason,
        lineIndex,
        allowCancel: request.allow_cancel,
        defaultAction: request.default_action,
        windowDays: request.window_days,
        tokenHash: hashToken(tokenOf(id)),
        pausedDispatchBy: promised,
        // A promise already due counts on from the answer with none left: it is dispatched as soon as it can be.
        daysLeft: promised === null ? null : promised < from ? 0 : workingDaysBetween(from, promised),
        createdAt: at.toISOString(),
      });
      store.addVersion(id, request.message, request.proof_urls, at.toISOString());
      const row = store.one(orderId, id)!;
      const full = orders.getOrder(orderId)!;
      emailShopper(full, row, `hold:${id}:1`, "hold");
      return { id, url: linkOf(row) };
    });
  }

  return {
    linkOf,

    /** The owner asks: the hold, its first round, the paused promise and the shopper's email, all or nothing. */
    open,

    /**
     * Paying for a "Proof before making" line asks at once (proof-first.ts). It runs in the order's own transaction
     * (the checkout's `onOrderCreated`), which only the payment that makes the order reaches: the webhook told twice,
     * or the success page after the demo's payment, finds the order made and asks nothing more. The question's writes
     * are a savepoint of their own: should they fail, the order stands without it and the failure is logged, for the
     * owner to ask by hand.
     */
    askOnPayment(orderId: string): void {
      try {
        const lines = orderStore
          .items(orderId)
          .map((item) => ({ product_id: item.product_id, meta: JSON.parse(item.meta) as OrderItemMeta }));
        const question = proofFirstQuestion(lines, { ...parts.proofFirst, publicUrl });
        if (question) open(orderId, question);
      } catch (error) {
        log("error", "proof question not opened", { order_id: orderId, ...errorFields(error) });
      }
    },

    /** The shopper's view, only with the link's token. */
    read(orderId: string, id: string, token: string | undefined): HoldView {
      return viewOf(openWithToken(orderId, id, token));
    },

    approve(orderId: string, id: string, token: string | undefined): HoldView {
      return writeTransaction(db, () => {
        const row = openWithToken(orderId, id, token);
        requireWaiting(row);
        const at = now();
        approveAt(
          row,
          "approved",
          `You approved the proof on ${formatUkDay(ukToday(at))}; the working days left when we paused count on from then.`,
          at,
        );
        tellOwner(orders.getOrder(orderId)!, row, "approved", null, false);
        return viewOf(store.one(orderId, id)!);
      });
    },

    askForChange(
      orderId: string,
      id: string,
      token: string | undefined,
      body: { message?: unknown; replacementToken?: unknown },
    ): HoldView {
      return writeTransaction(db, () => {
        const row = openWithToken(orderId, id, token);
        requireWaiting(row);
        const message = parseOrBadRequest(changesMessageSchema, body.message);
        const replacement = body.replacementToken === undefined || body.replacementToken === "" ? null : body.replacementToken;
        if (replacement !== null) {
          if (typeof replacement !== "string") throw new BadRequest(HOLD_MESSAGES.replacement);
          replacements.repoint(row, replacement);
        }
        const at = now().toISOString();
        store.answer(row.id, "changes_requested", message, replacement, at);
        store.setStatus(row.id, "changes_requested", null);
        tellOwner(orders.getOrder(orderId)!, row, "changes_requested", message, replacement !== null);
        return viewOf(store.one(orderId, id)!);
      });
    },

    /** Cancel where the owner offered it: a full refund through the refund path, stock back, then the hold closes. */
    async cancel(orderId: string, id: string, token: string | undefined): Promise<HoldView> {
      const checked = writeTransaction(db, () => {
        const row = openWithToken(orderId, id, token);
        requireWaiting(row);
        if (row.allow_cancel !== 1) throw new Forbidden(HOLD_MESSAGES.cancelNotOffered);
        return row;
      });
      await parts.cancelOrder(checked.order_id);
      return writeTransaction(db, () => {
        const row = store.one(orderId, id)!;
        // A second press that arrived while the refund was made finds it closed.
        requireWaiting(row);
        const at = now().toISOString();
        store.answer(row.id, "cancelled", null, null, at);
        store.setStatus(row.id, "cancelled", at);
        tellOwner(orders.getOrder(orderId)!, row, "cancelled", null, false);
        return viewOf(store.one(orderId, id)!);
      });
    },

    /** The owner's next round after the shopper asked for a change: a new version, the hold waits again, the shopper is emailed. */
    newRound(orderId: string, id: string, request: NewRoundRequest): HoldView {
      return writeTransaction(db, () => {
        const row = store.one(orderId, id);
        if (!row) throw new NotFound(HOLD_NOT_FOUND);
        if (row.status !== "changes_requested") throw new Conflict(HOLD_MESSAGES.newRoundNotAsked(row.status));
        store.addVersion(id, request.message, request.proof_urls, now().toISOString());
        store.setStatus(id, "waiting", null);
        const updated = store.one(orderId, id)!;
        const version = store.versions(id).length;
        emailShopper(orders.getOrder(orderId)!, updated, `hold:${id}:${version}`, "hold");
        return viewOf(updated);
      });
    },

    /** The owner's view of one hold (any status), with every round. */
    ownerView(orderId: string, id: string): HoldView & { url: string } {
      const row = store.one(orderId, id);
      if (!row) throw new NotFound(HOLD_NOT_FOUND);
      return { ...viewOf(row), url: linkOf(row) };
    },

    /**
     * The reminders and the window, for the day `at` falls on (the job's date argument): a reminder after 2 and after
     * 5 working days since the newest round was sent, each once; once the window has passed, the hold's default runs:
     * "approve" goes ahead as sent (the hold lapses and the promise counts on), "wait" keeps waiting and the owner is
     * told once. Each hold in its own transaction; the dedupe keys make a second run the same day change nothing.
     */
    runDue(at: Date): { reminded: number; lapsed: number } {
      const today = ukToday(at);
      let reminded = 0;
      let lapsed = 0;
      for (const waiting of store.waiting()) {
        writeTransaction(db, () => {
          const row = store.one(waiting.order_id, waiting.id);
          if (row?.status !== "waiting") return;
          const order = orders.getOrder(row.order_id);
          if (!order) return;
          const version = store.versions(row.id).length;
          const waited = workingDaysBetween(ukToday(new Date(row.since)), today);
          if (waited >= row.window_days) {
            if (row.default_action === "approve") {
              approveAt(
                row,
                "lapsed",
                `We had not heard from you by ${formatUkDay(windowEnds(row))}, so we went ahead with the proof as sent.`,
                at,
              );
              tellOwner(orders.getOrder(row.order_id)!, row, "lapsed", null, false);
              lapsed += 1;
            } else if (ownerEmail) {
              enqueueEmail(db, {
                dedupeKey: `hold-window:${row.id}:${version}`,
                kind: "hold-window",
                orderId: order.id,
                recipient: ownerEmail,
                ...renderHoldAnswerNotice(
                  order,
                  { answer: "window_passed", message: null, replaced: false },
                  publicUrl,
                  readShopIdentity(db),
                  at,
                ),
              });
            }
            return;
          }
          // Only the latest reminder due: a run missed on the second day does not send two on the fifth.
          const due = REMINDER_DAYS.filter((after) => waited >= after).at(-1);
          if (due !== undefined && emailShopper(order, row, `hold-reminder:${row.id}:${version}:${due}`, "hold-reminder", true))
            reminded += 1;
        });
      }
      return { reminded, lapsed };
    },
  };
}
