import { describe, expect, test } from "bun:test";
import { leadTimeText } from "../../shared/quote-view";

describe("leadTimeText", () => {
  test("counts working days from payment, in the singular for one and plainly for none", () => {
    expect(leadTimeText(5)).toBe("Made and dispatched within 5 working days of payment");
    expect(leadTimeText(1)).toBe("Made and dispatched within 1 working day of payment");
    expect(leadTimeText(0)).toBe("Dispatched as soon as possible after payment");
  });
});
