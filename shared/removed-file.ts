import { formatDateTime } from "./order-view";

/**
 * A customer's file that was deleted after its order was dispatched
 * (src/jobs/remove-dispatched-files.ts,
 * docs/decisions/0023-customer-files-kept-no-longer-than-needed.md). `ref` is
 * the upload's token (the one in the order line's meta) or the custom request
 * attachment's id.
 */
export type RemovedFile = { kind: "gpx" | "image" | "model" | "attachment"; ref: string; name: string; removed_at: string };

/** The line an order shows in place of a deleted file's link or picture, for the owner and the shopper alike. */
export function removedFileText(file: Pick<RemovedFile, "name" | "removed_at">): string {
  return `${file.name} was deleted on ${formatDateTime(file.removed_at)}, after dispatch, as our privacy notice says.`;
}
