import type { Database } from "bun:sqlite";
import { createHmac } from "node:crypto";
import { shopSecret } from "../db/shop-secret";

const ADDRESS_KEY_NAME = "address_hash_key";

/**
 * What the shop stores instead of a client address (clientAddress) where a
 * limit must count across requests and restarts: checkout holds, unpaid
 * uploads, custom-request attachments. An HMAC-SHA256 under the shop's own
 * key: the same address always gives the same hash, and the hash never gives
 * the address back (an unkeyed hash of an IPv4 address is reversed by trying
 * all 2^32). The key is read the first time a hash is needed.
 */
export function createAddressHasher(db: Database): (address: string) => string {
  let key: string | undefined;
  return (address) => {
    key ??= shopSecret(db, ADDRESS_KEY_NAME);
    return createHmac("sha256", key).update(address).digest("hex");
  };
}
