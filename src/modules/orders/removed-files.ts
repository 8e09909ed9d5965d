import type { Database } from "bun:sqlite";
import type { RemovedFile } from "../../../shared/removed-file";

/** By the order: `uploads_by_order` and `quotes_by_order` (docs/decisions/0059-every-list-bounded.md), never every upload. */
export const REMOVED_FILES_SQL = `SELECT kind, token AS ref, original_name AS name, removed_at FROM uploads WHERE order_id = ?1 AND removed_at IS NOT NULL
   UNION ALL
   SELECT 'attachment', a.id, a.filename, a.removed_at FROM custom_request_attachments a
     JOIN quotes q ON q.custom_request_id = a.request_id
   WHERE q.order_id = ?1 AND a.removed_at IS NOT NULL
   ORDER BY removed_at, name`;

/**
 * The files of an order that were deleted after dispatch (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md): its
 * uploads, and for a quoted order its request's attachments. Read here for
 * every order answer; written only by src/jobs/remove-dispatched-files.ts.
 */
export function removedFilesOf(db: Database): (orderId: string) => RemovedFile[] {
  const query = db.query<RemovedFile, [string]>(REMOVED_FILES_SQL);
  return (orderId) => query.all(orderId);
}
