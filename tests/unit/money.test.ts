import { expect, test } from "bun:test";
import { formatDelivery } from "../../shared/money";

test("formatDelivery: no charge reads 'Free', a charge reads in pounds, as on every order summary", () => {
  expect(formatDelivery(0)).toBe("Free");
  expect(formatDelivery(495)).toBe("£4.95");
});
