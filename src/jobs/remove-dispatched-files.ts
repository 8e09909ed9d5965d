import type { Database } from "bun:sqlite";
import { writeTransaction } from "../db/transaction";
import type { OrderStore } from "../modules/orders/store";
import type { UploadStorage } from "../services/storage/disk";
import { removeQuietly } from "./remove-quietly";

/**
 * The paid orders that still have a file on disk: their uploads not yet removed (a partial index of those alone), and
 * the attachments not yet removed of the request a quote they were paid by came from (from the paid quotes' index).
 */
export const ORDERS_WITH_KEPT_FILES_SQL = `SELECT order_id AS id FROM uploads WHERE order_id IS NOT NULL AND removed_at IS NULL
  UNION
  SELECT q.order_id FROM custom_request_attachments a JOIN quotes q ON q.custom_request_id = a.request_id
  WHERE a.removed_at IS NULL AND q.order_id IS NOT NULL`;

const DAY_MS = 24 * 60 * 60_000;

/**
 * The files of an order dispatched more than `retentionDays` ago go
 * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md):
 * its GPX routes and photos, and the attachments of the custom request a quoted
 * order was paid from. The rows stay with `removed_at`, so the order says the
 * file was deleted; a route's details (its points, which draw the preview) are
 * emptied, and a photo's preview was only ever made from the file, so neither
 * preview can be drawn again. Dispatched is the order's stage now, from its
 * latest move there (taken back and sent again counts from the second time).
 * Rows first, in one transaction; a file whose removal fails is then named by
 * no live row, and the orphan sweep of cleanUploads removes it a day later.
 * It starts from the files still kept, through indexes of only those (migration 0043), and asks the order store about
 * their orders alone: the work follows the files on disk, never every order dispatched in the shop's history
 * (docs/decisions/0059-every-list-bounded.md).
 */
export async function removeDispatchedFiles(
  db: Database,
  orders: OrderStore,
  storage: UploadStorage,
  retentionDays: number,
  now: Date,
): Promise<{ removedFiles: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const removedAt = now.toISOString();
  // The orders, as a JSON array of ids, read through the order store inside the same transaction.
  const dispatched = "SELECT value FROM json_each(?1)";
  const names = writeTransaction(db, () => {
    const kept = db.query<{ id: string }, []>(ORDERS_WITH_KEPT_FILES_SQL).all();
    const ids = JSON.stringify(
      orders.dispatchedBefore(
        cutoff,
        kept.map((row) => row.id),
      ),
    );
    return [
      ...db
        .query<{ stored_name: string }, [string, string]>(
          `UPDATE uploads SET removed_at = ?2, details = '{}'
           WHERE removed_at IS NULL AND order_id IN (${dispatched}) RETURNING stored_name`,
        )
        .all(ids, removedAt),
      ...db
        .query<{ stored_name: string }, [string, string]>(
          `UPDATE custom_request_attachments SET removed_at = ?2
           WHERE removed_at IS NULL AND request_id IN (SELECT q.custom_request_id FROM quotes q WHERE q.order_id IN (${dispatched}))
           RETURNING stored_name`,
        )
        .all(ids, removedAt),
    ];
  });
  let removedFiles = 0;
  for (const { stored_name } of names) if (await removeQuietly(storage, stored_name)) removedFiles += 1;
  return { removedFiles };
}
