import { describe, expect, test } from "bun:test";
import { formatUkDay, leadTimeText } from "../../shared/quote-view";

describe("formatUkDay", () => {
  test("writes a UK day in words without a comma after the weekday, as the quote email and page say it", () => {
    expect(formatUkDay("2026-12-08")).toBe("Tuesday 8 December 2026");
  });

  test("keeps the calendar day in British Summer Time and on the days the clocks change", () => {
    expect(formatUkDay("2026-06-30")).toBe("Tuesday 30 June 2026");
    expect(formatUkDay("2026-03-29")).toBe("Sunday 29 March 2026");
    expect(formatUkDay("2026-10-25")).toBe("Sunday 25 October 2026");
  });

  test("leaves a text that is not a date as it is", () => {
    expect(formatUkDay("soon")).toBe("soon");
  });
});

describe("leadTimeText", () => {
  test("counts working days, in the singular for one and plainly for none", () => {
    expect(leadTimeText(5)).toBe("Made and dispatched within 5 working days of payment");
    expect(leadTimeText(1)).toBe("Made and dispatched within 1 working day of payment");
    expect(leadTimeText(0)).toBe("Ready to dispatch as soon as you have paid");
  });
});
