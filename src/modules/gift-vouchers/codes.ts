import { randomInt } from "node:crypto";
import { normaliseVoucherCode, VOUCHER_ALPHABET, VOUCHER_CODE_LENGTH } from "../../../shared/gift-voucher";

/** A new code: 16 characters from the 32 of VOUCHER_ALPHABET, each drawn uniformly (80 random bits). */
export function newVoucherCode(): string {
  let code = "";
  for (let index = 0; index < VOUCHER_CODE_LENGTH; index++) code += VOUCHER_ALPHABET[randomInt(VOUCHER_ALPHABET.length)];
  return code;
}

/** What is stored to find a code (docs/decisions/0054-gift-vouchers.md): SHA-256 of its normal form, in hex. */
export function voucherCodeHash(code: string): string {
  return new Bun.CryptoHasher("sha256").update(normaliseVoucherCode(code)).digest("hex");
}
