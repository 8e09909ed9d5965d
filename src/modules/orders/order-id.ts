import { randomBytes } from "node:crypto";

// Crockford's base32: no I, L, O or U, so an id read out over the phone survives.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/**
 * ORD- and 26 characters carrying 128 random bits: never sequential, never
 * guessable, so knowing one order id tells nothing about another.
 */
export function newOrderId(): string {
  const bytes = randomBytes(16);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return `ORD-${out}`;
}

export const ORDER_ID_PATTERN = /^ORD-[0-9A-Z]{10,40}$/;

/**
 * An order reference as a shopper types it into "Track your order": spaces and case do not matter,
 * and "ORD-" may be left off (no id's own characters start with an O, so nothing else is meant).
 * Null when nothing was typed; whether the order exists is the look-up's question.
 */
export function orderIdFromReference(typed: string): string | null {
  const compact = typed.replace(/\s+/g, "").toUpperCase();
  if (!compact) return null;
  if (compact.startsWith("ORD-")) return compact;
  return compact.startsWith("ORD") ? `ORD-${compact.slice(3)}` : `ORD-${compact}`;
}
