import type { Database } from "bun:sqlite";
import { writeTransaction } from "../db/transaction";
import type { OrderStore } from "../modules/orders/store";
import type { UploadStorage } from "../services/storage/disk";
import { type PeriodicJob, startPeriodicJob } from "./periodic";
import { removeDispatchedFiles } from "./remove-dispatched-files";
import { removeQuietly } from "./remove-quietly";

const CLEAN_UPLOADS_INTERVAL_MS = 3_600_000;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * An upload no checkout ever named goes after this long: a shopper uploads
 * and checks out in one sitting, and one who comes back later is asked by the
 * checkout to upload again. Without it, files nobody meant to buy would sit
 * for UPLOAD_RETENTION_DAYS (docs/decisions/0010-hardening.md: the disk could be filled that way).
 */
const NEVER_CHECKED_OUT_HOURS = 6;
/** A file with no row is left this long: long enough that no upload is still between its file and its row. */
const ORPHAN_GRACE_MS = DAY_MS;

/**
 * Every file the shop still keeps, by its stored name: read through indexes of the rows whose file is kept alone
 * (`uploads_on_disk`, `custom_request_attachments_on_disk`), so the removed files of earlier years are never read
 * (docs/decisions/0059-every-list-bounded.md).
 */
export const FILES_KEPT_SQL = `SELECT stored_name FROM uploads WHERE removed_at IS NULL
  UNION ALL SELECT stored_name FROM custom_request_attachments WHERE removed_at IS NULL
  UNION ALL SELECT model_stored_name FROM calibration_jobs
  UNION ALL SELECT gcode_stored_name FROM calibration_jobs`;

export type CleanUploadsResult = { expired: number; orphans: number };

/**
 * Deletes uploads nobody bought, then their files, by two rules:
 * - an upload no checkout ever named, once older than NEVER_CHECKED_OUT_HOURS;
 * - an upload named in an unpaid checkout, once older than `retentionDays`,
 *   unless that checkout still holds stock (its shopper may yet pay).
 * Uploads attached to an order are kept, and so are custom request
 * attachments and the owner's sliced jobs (calibration_jobs: the owner's to keep). Rows go first, in one transaction; a
 * file whose removal fails is then an orphan, and orphans are removed too:
 * files in the upload storage that neither an upload nor an attachment row
 * names, older than a day (a crash or a failed request between file and row,
 * a failed removal, a deleted custom request's attachments). Files the
 * storage did not make are never touched.
 */
export async function cleanUploads(db: Database, storage: UploadStorage, retentionDays: number, now: Date): Promise<CleanUploadsResult> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const neverCheckedOutCutoff = new Date(now.getTime() - NEVER_CHECKED_OUT_HOURS * HOUR_MS).toISOString();
  const expired = writeTransaction(db, () =>
    db
      .query<{ stored_name: string }, [string, string]>(
        `WITH named AS (
           SELECT l.checkout_id, c.hold, json_extract(l.meta, '$.gpxToken') AS gpx, json_extract(l.meta, '$.imageToken') AS image,
                  json_extract(l.meta, '$.modelToken') AS model
           FROM checkout_lines l JOIN checkouts c ON c.id = l.checkout_id
         )
         DELETE FROM uploads
         WHERE order_id IS NULL
           AND (
             (created_at < ?1 AND NOT EXISTS (SELECT 1 FROM named WHERE uploads.token IN (named.gpx, named.image, named.model)))
             OR (created_at < ?2 AND NOT EXISTS (SELECT 1 FROM named WHERE named.hold = 'held' AND uploads.token IN (named.gpx, named.image, named.model)))
           )
         RETURNING stored_name`,
      )
      .all(neverCheckedOutCutoff, cutoff)
      .map((row) => row.stored_name),
  );
  for (const name of expired) await removeQuietly(storage, name);

  const files = await storage.list();
  const referenced = new Set(
    db
      // A row whose file was deleted after dispatch names no file: one whose removal failed is an orphan
      // (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
      .query<{ stored_name: string }, []>(FILES_KEPT_SQL)
      .all()
      .map((row) => row.stored_name),
  );
  const orphanBefore = now.getTime() - ORPHAN_GRACE_MS;
  let orphans = 0;
  for (const file of files) {
    if (referenced.has(file.name) || file.modifiedAt.getTime() >= orphanBefore) continue;
    if (await removeQuietly(storage, file.name)) orphans += 1;
  }
  return { expired: expired.length, orphans };
}

/**
 * Runs removeDispatchedFiles (the owner's `upload_retention_days`, read each
 * run) and then cleanUploads every hour (first after one interval). main.ts
 * starts and stops it.
 */
export function startCleanUploadsJob({
  db,
  orders,
  storage,
  retentionDays,
  daysAfterDispatch,
  intervalMs = CLEAN_UPLOADS_INTERVAL_MS,
}: {
  db: Database;
  /** The order store, which says which orders were dispatched long enough ago. */
  orders: OrderStore;
  storage: UploadStorage;
  retentionDays: number;
  daysAfterDispatch: () => number;
  intervalMs?: number;
}): PeriodicJob {
  return startPeriodicJob("clean-uploads", intervalMs, async () => {
    const now = new Date();
    const dispatched = await removeDispatchedFiles(db, orders, storage, daysAfterDispatch(), now);
    return { ...dispatched, ...(await cleanUploads(db, storage, retentionDays, now)) };
  });
}
