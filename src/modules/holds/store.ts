import type { Database } from "bun:sqlite";
import type { HoldStatus, OrderHoldSummary } from "../../../shared/order-stages";
import { ukToday } from "../../../shared/uk-day";
import { workingDaysAfter } from "../../../shared/working-days";
import type { HoldReason } from "./model";

/** One order_holds row, with when its newest proof round was sent (`since`). */
export type HoldRow = {
  id: string;
  order_id: string;
  reason: HoldReason;
  status: HoldStatus;
  line_index: number | null;
  allow_cancel: number;
  default_action: "approve" | "wait";
  window_days: number;
  token_hash: string;
  paused_dispatch_by: string | null;
  days_left: number | null;
  created_at: string;
  closed_at: string | null;
  since: string;
};

/** One proof round as stored: `proof_urls` is a JSON array of picture addresses. */
export type VersionRow = {
  version: number;
  message: string;
  proof_urls: string;
  sent_at: string;
  answer: "approved" | "changes_requested" | "cancelled" | "lapsed" | null;
  answer_message: string | null;
  replacement_token: string | null;
  answered_at: string | null;
};

const HOLD_COLUMNS = `h.*, (SELECT max(sent_at) FROM order_hold_versions v WHERE v.hold_id = h.id) AS since`;
/** The holds still waiting, oldest first, through `order_holds_waiting` (docs/decisions/0059-every-list-bounded.md). */
export const WAITING_HOLDS_SQL = `SELECT ${HOLD_COLUMNS} FROM order_holds h WHERE h.status = 'waiting' ORDER BY h.created_at`;

export type NewHold = {
  id: string;
  orderId: string;
  reason: HoldReason;
  lineIndex: number | null;
  allowCancel: boolean;
  defaultAction: "approve" | "wait";
  windowDays: number;
  tokenHash: string;
  pausedDispatchBy: string | null;
  daysLeft: number | null;
  createdAt: string;
};

/** The day a hold's default runs: its window in working days from the UK day its newest round was sent. */
export function windowEnds(row: Pick<HoldRow, "since" | "window_days">): string {
  return workingDaysAfter(ukToday(new Date(row.since)), row.window_days);
}

export function summaryOf(row: HoldRow): OrderHoldSummary {
  return { id: row.id, status: row.status, since: row.since, window_ends: windowEnds(row) };
}

export type HoldStore = ReturnType<typeof createHoldStore>;

/** Every statement on order_holds and order_hold_versions (docs/decisions/0048-order-holds.md). */
export function createHoldStore(db: Database) {
  const one = db.query<HoldRow, [string, string]>(`SELECT ${HOLD_COLUMNS} FROM order_holds h WHERE h.id = ? AND h.order_id = ?`);
  const latest = db.query<HoldRow, [string]>(
    `SELECT ${HOLD_COLUMNS} FROM order_holds h WHERE h.order_id = ? ORDER BY h.created_at DESC, h.rowid DESC LIMIT 1`,
  );
  // A page of orders at once (a JSON array of ids): each order's newest hold, in one query.
  const latestOfMany = db.query<HoldRow, [string]>(
    `SELECT ${HOLD_COLUMNS} FROM order_holds h
     WHERE h.rowid IN (SELECT (SELECT rowid FROM order_holds o WHERE o.order_id = ids.value ORDER BY o.created_at DESC, o.rowid DESC LIMIT 1)
                       FROM json_each(?) ids)`,
  );
  const open = db.query<HoldRow, [string]>(
    `SELECT ${HOLD_COLUMNS} FROM order_holds h WHERE h.order_id = ? AND h.status IN ('waiting', 'changes_requested')`,
  );
  const waiting = db.query<HoldRow, []>(WAITING_HOLDS_SQL);
  const versions = db.query<VersionRow, [string]>(
    `SELECT version, message, proof_urls, sent_at, answer, answer_message, replacement_token, answered_at
     FROM order_hold_versions WHERE hold_id = ? ORDER BY version`,
  );
  const insertHold = db.query(
    `INSERT INTO order_holds (id, order_id, reason, line_index, allow_cancel, default_action, window_days, token_hash, paused_dispatch_by, days_left, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVersion = db.query<unknown, [string, string, string, string]>(
    `INSERT INTO order_hold_versions (hold_id, version, message, proof_urls, sent_at)
     VALUES (?1, (SELECT COALESCE(max(version), 0) + 1 FROM order_hold_versions WHERE hold_id = ?1), ?2, ?3, ?4)`,
  );
  const answerLatest = db.query<unknown, [string, string | null, string | null, string, string]>(
    `UPDATE order_hold_versions SET answer = ?1, answer_message = ?2, replacement_token = ?3, answered_at = ?4
     WHERE hold_id = ?5 AND version = (SELECT max(version) FROM order_hold_versions WHERE hold_id = ?5)`,
  );
  const setStatus = db.query<unknown, [string, string | null, string]>("UPDATE order_holds SET status = ?, closed_at = ? WHERE id = ?");

  return {
    one: (orderId: string, id: string): HoldRow | null => one.get(id, orderId),
    latest: (orderId: string): HoldRow | null => latest.get(orderId),
    /** Each order's newest hold, keyed by order: one query for a page of orders. */
    latestOfMany(orderIds: readonly string[]): Map<string, HoldRow> {
      if (orderIds.length === 0) return new Map();
      return new Map(latestOfMany.all(JSON.stringify(orderIds)).map((row) => [row.order_id, row]));
    },
    open: (orderId: string): HoldRow | null => open.get(orderId),
    /** Every hold waiting for the shopper: the reminders' and the window's round. */
    waiting: (): HoldRow[] => waiting.all(),
    versions: (holdId: string): VersionRow[] => versions.all(holdId),

    insert(hold: NewHold): void {
      insertHold.run(
        hold.id,
        hold.orderId,
        hold.reason,
        hold.lineIndex,
        hold.allowCancel ? 1 : 0,
        hold.defaultAction,
        hold.windowDays,
        hold.tokenHash,
        hold.pausedDispatchBy,
        hold.daysLeft,
        hold.createdAt,
      );
    },

    /** A new proof round, numbered after the last, sent at `at` (the shop's clock). */
    addVersion(holdId: string, message: string, proofUrls: readonly string[], at: string): void {
      insertVersion.run(holdId, message, JSON.stringify(proofUrls), at);
    },

    /** The shopper's (or the default's) answer to the newest round, written once (the schema refuses a second). */
    answer(
      holdId: string,
      answer: NonNullable<VersionRow["answer"]>,
      message: string | null,
      replacementToken: string | null,
      at: string,
    ): void {
      answerLatest.run(answer, message, replacementToken, at, holdId);
    },

    /** Moves the hold to `status`; a closing status records when it closed. */
    setStatus(holdId: string, status: HoldStatus, closedAt: string | null): void {
      setStatus.run(status, closedAt, holdId);
    },
  };
}
