import { formatPence } from "../../shared/money";
import { CodeField } from "./CodeField";

/** A gift voucher applied in the basket: its code as typed and what it has to spend (docs/decisions/0054-gift-vouchers.md). */
export type AppliedVoucher = { code: string; balancePence: number };

const GIFT_VOUCHER = { label: "Gift voucher", id: "voucher-code", name: "voucherCode", maxLength: 40, remove: "Remove voucher" };

type Props = {
  applied: AppliedVoucher | null;
  problem: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** The basket's gift voucher field: the server checks the code and says its balance; the checkout spends it. */
export function VoucherCodeField({ applied, ...rest }: Props) {
  const appliedText = applied === null ? null : `Gift voucher applied: ${formatPence(applied.balancePence)} to spend.`;
  return <CodeField kind={GIFT_VOUCHER} appliedText={appliedText} {...rest} />;
}
