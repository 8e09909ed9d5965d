import { CodeField } from "./CodeField";

const DISCOUNT_CODE = { label: "Discount code", id: "discount-code", name: "discountCode", maxLength: 32, remove: "Remove code" };

type Props = {
  /** The code applied now (upper case), or null. */
  applied: string | null;
  /** The server's refusal of the last code tried, or null. */
  problem: string | null;
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
};

/** The basket's discount code field: the server checks the code and prices it. */
export function DiscountCodeField({ applied, ...rest }: Props) {
  return <CodeField kind={DISCOUNT_CODE} appliedText={applied === null ? null : `Code ${applied} applied.`} {...rest} />;
}
