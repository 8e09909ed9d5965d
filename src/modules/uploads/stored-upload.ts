import type { Database } from "bun:sqlite";
import type { UploadKind } from "./model";

export type StoredUpload = { stored_name: string; filename: string; content_type: string };

/**
 * Finds a shopper's stored upload by its token and kind, for the download calls
 * (the shopper's own order, the owner's order screen); a file deleted after
 * dispatch (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md) is
 * not found. The uploads module owns the table, so its SQL lives here, not in
 * those routes.
 */
export function storedUploadFinder(db: Database): (token: string, kind: UploadKind) => StoredUpload | null {
  const byToken = db.query<StoredUpload, [string, string]>(
    "SELECT stored_name, original_name AS filename, content_type FROM uploads WHERE token = ? AND kind = ? AND removed_at IS NULL",
  );
  return (token, kind) => byToken.get(token, kind);
}
