import { expect, test } from "bun:test";
import { formatDelivery, formatMinus } from "../../shared/money";

test("formatDelivery: no charge reads 'Free', a charge reads in pounds, as on every order summary", () => {
  expect(formatDelivery(0)).toBe("Free");
  expect(formatDelivery(495)).toBe("£4.95");
});

test("formatMinus: money taken off reads with a true minus sign before the pounds, whichever sign it is stored with", () => {
  expect(formatMinus(150)).toBe("−£1.50");
  expect(formatMinus(-150)).toBe("−£1.50");
  expect(formatMinus(123456)).toBe("−£1,234.56");
});
