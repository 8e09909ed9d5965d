import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import type { MomentPosition } from "../../http/page-cursor";
import {
  CUSTOM_REQUESTS_PAGE_SIZE,
  type CustomRequest,
  type CustomRequestDetail,
  type CustomRequestStatus,
  type QuoteDraft,
  type RequestAttachment,
  type StoredFile,
} from "./model";

type RequestRow = Omit<CustomRequest, "attachments">;
type PageRow = RequestRow & { position: number };

/** A page of the list and where the next one starts (null: this page is the last). */
export type RequestPage = { requests: CustomRequest[]; next: MomentPosition | null };

/**
 * The list's reads, newest first by (created_at, rowid): `custom_requests_newest` (migration 0043) walked backwards
 * and stopped at the page, so a page costs the same whatever the history (docs/decisions/0059-every-list-bounded.md).
 * The first page and a later one are two statements: an `?1 IS NULL OR …` in one would walk from the newest row to
 * the cursor on every later page. A page's attachments are read in one query for the page's requests.
 */
export const REQUEST_LIST_READS = {
  first:
    "SELECT id, name, email, details, material, color, status, created_at, rowid AS position FROM custom_requests ORDER BY created_at DESC, rowid DESC LIMIT ?1",
  after: `SELECT id, name, email, details, material, color, status, created_at, rowid AS position FROM custom_requests
          WHERE (created_at, rowid) < (?1, ?2) ORDER BY created_at DESC, rowid DESC LIMIT ?3`,
  attachments: `SELECT request_id, id, filename, removed_at FROM custom_request_attachments
                WHERE request_id IN (SELECT value FROM json_each(?)) ORDER BY created_at, rowid`,
} as const;

export type AdminRequestService = ReturnType<typeof createAdminRequestService>;

/** Custom print requests as the owner works through them. */
export function createAdminRequestService(db: Database) {
  const COLUMNS = "id, name, email, details, material, color, status, created_at";
  const firstPage = db.query<PageRow, [number]>(REQUEST_LIST_READS.first);
  const pageAfter = db.query<PageRow, [string, number, number]>(REQUEST_LIST_READS.after);
  const one = db.query<RequestRow & { quote_draft: string | null }, [string]>(
    `SELECT ${COLUMNS}, quote_draft FROM custom_requests WHERE id = ?`,
  );
  const attachmentsOfPage = db.query<RequestAttachment & { request_id: string }, [string]>(REQUEST_LIST_READS.attachments);
  const attachmentsOf = db.query<RequestAttachment, [string]>(
    "SELECT id, filename, removed_at FROM custom_request_attachments WHERE request_id = ? ORDER BY created_at, rowid",
  );
  const setStatus = db.query<unknown, [string, string]>(
    "UPDATE custom_requests SET status = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
  );
  const storedFile = db.query<StoredFile, [string, string]>(
    // A file deleted after its order was dispatched (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md) is not found.
    "SELECT stored_name, filename, content_type FROM custom_request_attachments WHERE id = ? AND request_id = ? AND removed_at IS NULL",
  );

  function get(id: string): CustomRequestDetail | null {
    const row = one.get(id);
    if (!row) return null;
    const { quote_draft, ...request } = row;
    return { ...request, attachments: attachmentsOf.all(id), quote_draft: quote_draft ? (JSON.parse(quote_draft) as QuoteDraft) : null };
  }

  return {
    get,

    /** One page, newest first, after `after` (none: the first page); `limit` is the page's size. */
    list(after: MomentPosition | null = null, limit = CUSTOM_REQUESTS_PAGE_SIZE): RequestPage {
      // One row past the page says whether another follows, without counting them all.
      const rows = after ? pageAfter.all(after.createdAt, after.rowid, limit + 1) : firstPage.all(limit + 1);
      const page = rows.slice(0, limit);
      const byRequest = new Map<string, RequestAttachment[]>();
      for (const { request_id, ...attachment } of attachmentsOfPage.all(JSON.stringify(page.map((row) => row.id)))) {
        byRequest.set(request_id, [...(byRequest.get(request_id) ?? []), attachment]);
      }
      const last = page.at(-1);
      return {
        requests: page.map(({ position: _position, ...row }) => ({ ...row, attachments: byRequest.get(row.id) ?? [] })),
        next: rows.length > limit && last ? { createdAt: last.created_at, rowid: last.position } : null,
      };
    },

    /** Null when there is no such request. */
    setStatus(id: string, status: CustomRequestStatus): CustomRequest | null {
      return writeTransaction(db, () => (setStatus.run(status, id).changes === 0 ? null : get(id)));
    },

    /** An attachment only through the request it belongs to. */
    attachment(requestId: string, attachmentId: string): StoredFile | null {
      return storedFile.get(attachmentId, requestId);
    },
  };
}
