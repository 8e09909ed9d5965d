import type { Database } from "bun:sqlite";
import { writeTransaction } from "../../db/transaction";
import type { CustomRequest, CustomRequestDetail, CustomRequestStatus, QuoteDraft, RequestAttachment, StoredFile } from "./model";

type RequestRow = Omit<CustomRequest, "attachments">;

export type AdminRequestService = ReturnType<typeof createAdminRequestService>;

/** Custom print requests as the owner works through them. */
export function createAdminRequestService(db: Database) {
  const COLUMNS = "id, name, email, details, material, color, status, created_at";
  const all = db.query<RequestRow, []>(`SELECT ${COLUMNS} FROM custom_requests ORDER BY created_at DESC, rowid DESC`);
  const one = db.query<RequestRow & { quote_draft: string | null }, [string]>(
    `SELECT ${COLUMNS}, quote_draft FROM custom_requests WHERE id = ?`,
  );
  const attachments = db.query<RequestAttachment & { request_id: string }, []>(
    "SELECT request_id, id, filename, removed_at FROM custom_request_attachments ORDER BY created_at, rowid",
  );
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

    list(): CustomRequest[] {
      // One query for every attachment instead of one per request.
      const byRequest = new Map<string, RequestAttachment[]>();
      for (const { request_id, ...attachment } of attachments.all()) {
        byRequest.set(request_id, [...(byRequest.get(request_id) ?? []), attachment]);
      }
      return all.all().map((row) => ({ ...row, attachments: byRequest.get(row.id) ?? [] }));
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
