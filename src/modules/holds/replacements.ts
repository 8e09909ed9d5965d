import type { Database } from "bun:sqlite";
import { BadRequest } from "../../errors";
import type { OrderItemMeta } from "../orders/model";
import type { OrderStore } from "../orders/store";
import { HOLD_MESSAGES } from "./model";
import type { HoldRow } from "./store";

/** Which uploads a line's file can be replaced by: a route by a route, a photo by a photo. */
const LINE_FILES = [
  { kind: "gpx", token: "gpxToken", name: "gpxName" },
  { kind: "image", token: "imageToken", name: "imageName" },
] as const;

export type HoldReplacements = ReturnType<typeof createHoldReplacements>;

/**
 * A replacement file sent with "Ask for a change" (docs/decisions/0048-order-holds.md): uploaded through the product
 * page's own upload call and checks, then the order line points at it. The new file joins the order; the old one
 * leaves it, so the upload cleaner removes it as it removes any file no order holds.
 */
export function createHoldReplacements(db: Database, orderStore: OrderStore) {
  const fresh = db.query<{ product_id: string; original_name: string }, [string, string]>(
    "SELECT product_id, original_name FROM uploads WHERE token = ? AND kind = ? AND order_id IS NULL AND removed_at IS NULL",
  );
  const claim = db.query<unknown, [string, string]>("UPDATE uploads SET order_id = ? WHERE token = ? AND order_id IS NULL");
  const release = db.query<unknown, [string, string]>("UPDATE uploads SET order_id = NULL WHERE token = ? AND order_id = ?");

  return {
    /** Points the hold's line at the upload `token`, or refuses with what to do (nothing is changed on a refusal). */
    repoint(hold: HoldRow, token: string): void {
      const lines = orderStore.items(hold.order_id);
      const line = hold.line_index === null ? undefined : lines[hold.line_index];
      const meta = line ? (JSON.parse(line.meta) as OrderItemMeta) : null;
      const file = meta ? LINE_FILES.find((each) => meta[each.token]) : undefined;
      if (!line || !meta || !file || hold.line_index === null) throw new BadRequest(HOLD_MESSAGES.replacementNoLine);
      const upload = fresh.get(token, file.kind);
      if (!upload) {
        const other = LINE_FILES.find((each) => each !== file && fresh.get(token, each.kind));
        throw new BadRequest(other ? HOLD_MESSAGES.replacementKind : HOLD_MESSAGES.replacement);
      }
      if (upload.product_id !== line.product_id) throw new BadRequest(HOLD_MESSAGES.replacementProduct);
      const old = meta[file.token];
      orderStore.setLineMeta(
        hold.order_id,
        hold.line_index,
        JSON.stringify({ ...meta, [file.token]: token, [file.name]: upload.original_name }),
      );
      claim.run(hold.order_id, token);
      if (old) release.run(old, hold.order_id);
    },
  };
}
