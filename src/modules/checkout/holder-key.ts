import type { Database } from "bun:sqlite";
import { createHmac } from "node:crypto";

/** Made by migrations/0005_checkout_address.sql; not a configuration key any endpoint shows. */
const HOLDER_KEY_CONFIG = "checkout_holder_key";

/**
 * Turns a client address into the `holder` stored with a checkout: an
 * HMAC-SHA256 under the shop's own random key, so the units one address holds
 * can be counted across requests and restarts without keeping the address
 * (an unkeyed hash of an IPv4 address is reversed by trying all 2^32).
 */
export function holderOf(db: Database): (address: string) => string {
  const row = db.query<{ value: string }, [string]>("SELECT value FROM configuration WHERE key = ?").get(HOLDER_KEY_CONFIG);
  if (!row) throw new Error(`The ${HOLDER_KEY_CONFIG} row is missing: run the migrations.`);
  const key = row.value;
  return (address) => createHmac("sha256", key).update(address).digest("hex");
}
