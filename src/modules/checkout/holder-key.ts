import type { Database } from "bun:sqlite";
import { createHmac, randomBytes } from "node:crypto";

/** Private: not one of content's CONFIG_KEYS, so no configuration endpoint shows it. */
const HOLDER_KEY_CONFIG = "checkout_holder_key";

/**
 * Turns a client address into the `holder` stored with a checkout: an
 * HMAC-SHA256 under the shop's own random key, so the units one address holds
 * can be counted across requests and restarts without keeping the address
 * (an unkeyed hash of an IPv4 address is reversed by trying all 2^32). The key
 * is made on the first checkout and kept in the configuration table, like
 * the ALTCHA key, so every process over the same database agrees.
 */
export function holderOf(db: Database): (address: string) => string {
  let key: string | null = null;
  const ensureKey = (): string => {
    db.query("INSERT INTO configuration (key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING").run(
      HOLDER_KEY_CONFIG,
      randomBytes(32).toString("hex"),
    );
    const row = db.query<{ value: string }, [string]>("SELECT value FROM configuration WHERE key = ?").get(HOLDER_KEY_CONFIG);
    if (!row) throw new Error("The checkout holder key could not be stored.");
    return row.value;
  };
  return (address) => createHmac("sha256", (key ??= ensureKey())).update(address).digest("hex");
}
