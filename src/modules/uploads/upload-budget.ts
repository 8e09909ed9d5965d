import type { Database } from "bun:sqlite";
import { InsufficientStorage, TooManyRequests } from "../../errors";
import { createAddressHasher } from "../../http/address-hash";
import { log } from "../../log";
import { freeBytesOn, MIN_FREE_BYTES } from "../health/readiness";

const MB = 1024 * 1024;
/** Files one address may have with the shop that no order pays for (docs/decisions/0010-hardening.md: at most 100 MB). */
export const ADDRESS_BUDGET_BYTES = 100 * MB;
/**
 * Such files from everyone together. A healthy shop holds tens of MB of them
 * (a stored photo is 1–5 MB, a route well under 1 MB, a dozen a day kept for
 * up to 14 days); 1 GB is many times that, yet a small part of a small VPS's
 * disk, so addresses by the thousand still cannot fill the volume.
 */
const SHOP_BUDGET_BYTES = 1024 * MB;
/**
 * Uploads stop at twice /readyz's floor, so the database always keeps room
 * for its writes and the shop stays ready for orders while refusing files.
 */
export const UPLOAD_FREE_FLOOR_BYTES = 2 * MIN_FREE_BYTES;
/** Custom request attachments are the owner's to keep; those sent in the last day count toward the budgets. */
const ATTACHMENT_WINDOW_MS = 24 * 60 * 60_000;
const BUDGET_RETRY_AFTER_SECONDS = 3600;

export const BUDGET_MESSAGES = {
  address:
    "You have already sent us 100 MB of files that are not part of an order. Check out what is in your basket, or try again in a few hours.",
  shop: "The shop cannot take more files just now. Please try again in a few hours.",
} as const;

export type UploadBudget = ReturnType<typeof createUploadBudget>;
type Used = { used: number };

/**
 * Disk a shopper's files may take: the per-address and shop-wide budgets of
 * unpaid files, and a floor of free space on the data volume. Routes check it
 * before reading a body (is anything left at all?); services check it again
 * with the real size inside the write transaction that records the file, so
 * uploads arriving together cannot all slip past the same remainder.
 */
export function createUploadBudget({
  db,
  dataDir,
  freeBytes = freeBytesOn,
  now = () => Date.now(),
}: {
  db: Database;
  dataDir: string;
  freeBytes?: (dir: string) => number;
  now?: () => number;
}) {
  const hashAddress = createAddressHasher(db);
  // Unpaid uploads still on disk, plus attachments sent in the window.
  const usedBy = db.query<Used, [string, string]>(
    `SELECT (SELECT COALESCE(SUM(size_bytes), 0) FROM uploads WHERE order_id IS NULL AND address_hash = ?1)
          + (SELECT COALESCE(SUM(a.size_bytes), 0) FROM custom_request_attachments a JOIN custom_requests r ON r.id = a.request_id
             WHERE r.address_hash = ?1 AND r.created_at >= ?2) AS used`,
  );
  const usedByAll = db.query<Used, [string]>(
    `SELECT (SELECT COALESCE(SUM(size_bytes), 0) FROM uploads WHERE order_id IS NULL)
          + (SELECT COALESCE(SUM(size_bytes), 0) FROM custom_request_attachments WHERE created_at >= ?1) AS used`,
  );

  /** Free space stays above the floor after `incomingBytes` more; the owner's own pictures check this too. */
  function checkDisk(incomingBytes: number): void {
    const free = freeBytes(dataDir);
    if (free - incomingBytes >= UPLOAD_FREE_FLOOR_BYTES) return;
    log("warn", "upload refused: the data volume is nearly full", { freeMB: Math.floor(free / MB) });
    throw new InsufficientStorage(BUDGET_RETRY_AFTER_SECONDS, BUDGET_MESSAGES.shop);
  }

  return {
    /** The keyed hash stored with a file (src/http/address-hash.ts). */
    hashAddress,

    checkDisk,

    /** Throws 429 past the address's budget, 507 past the shop's or near a full disk. */
    admit(addressHash: string, incomingBytes: number): void {
      const since = new Date(now() - ATTACHMENT_WINDOW_MS).toISOString();
      if ((usedBy.get(addressHash, since)?.used ?? 0) + incomingBytes > ADDRESS_BUDGET_BYTES) {
        throw new TooManyRequests(BUDGET_RETRY_AFTER_SECONDS, BUDGET_MESSAGES.address);
      }
      if ((usedByAll.get(since)?.used ?? 0) + incomingBytes > SHOP_BUDGET_BYTES) {
        log("warn", "upload refused: the shop-wide budget of unpaid files is used up", { budgetMB: SHOP_BUDGET_BYTES / MB });
        throw new InsufficientStorage(BUDGET_RETRY_AFTER_SECONDS, BUDGET_MESSAGES.shop);
      }
      checkDisk(incomingBytes);
    },
  };
}
