import { createHash, timingSafeEqual } from "node:crypto";

/**
 * A private link's token as stored: its SHA-256 in hex. The tokens carry 256 random (or keyed) bits, so no salt is
 * needed; the quotes' links (docs/decisions/0014-quotes.md) and the holds' (docs/decisions/0048-order-holds.md).
 */
export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const UNMATCHABLE_HASH = "-".repeat(64);

/**
 * Whether `token` is the one whose hash is stored, compared in constant time; compared even when nothing is stored
 * (an unknown id), so the answer takes as long either way. No token never matches.
 */
export function linkTokenMatches(storedHash: string | null, token: string | undefined): boolean {
  const same = timingSafeEqual(Buffer.from(storedHash ?? UNMATCHABLE_HASH), Buffer.from(hashLinkToken(token ?? "")));
  return same && storedHash !== null && Boolean(token);
}
