import { describe, expect, test } from "bun:test";
import { basketOrderBy, keyDateShown, orderByText, readKeyDates, tooLateFor } from "../../shared/key-dates";
import { dispatchBy, lastOrderDay } from "../../shared/working-days";

// Key dates (docs/decisions/0049-gift-orders.md): the last day to order, worked back from the date through the bank
// holidays the dispatch promise uses, agrees with the promise worked forward from an order on that day.

const CUT_OFF = 14;
/** An order placed at `hour` (UK time; December is GMT) on `day`. */
const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

describe("the last order day", () => {
  test("for Christmas Day 2026 (a Friday holiday): lead 3 + 2 delivery days is Thursday 17 December", () => {
    expect(lastOrderDay("2026-12-25", 5)).toBe("2026-12-17");
  });

  test("for New Year's Day 2027, across Christmas Day and the Boxing Day holiday on Monday 28 December", () => {
    // Thursday 31st is the last working day; back 3 working days skips the 28th, the weekend and the 25th.
    expect(lastOrderDay("2027-01-01", 3)).toBe("2026-12-24");
  });

  test("agrees with the dispatch promise worked forward, for every lead time from 0 to 10 and each day of December", () => {
    for (let lead = 0; lead <= 10; lead++) {
      for (let date = 1; date <= 31; date++) {
        const day = `2026-12-${String(date).padStart(2, "0")}`;
        const last = lastOrderDay(day, lead + 2);
        // Ordered before the cut-off on the last day, it arrives by the date; the next chance does not.
        expect(dispatchBy(at(last, 9), lead + 2, CUT_OFF) <= day).toBe(true);
        expect(dispatchBy(at(last, CUT_OFF), lead + 2, CUT_OFF) > day).toBe(true);
      }
    }
  });
});

describe("in time or too late, and the words", () => {
  const christmas = { name: "Christmas Day", date: "2026-12-25", last_order_day: "2026-12-17" };

  test("in time until the cut-off on the last day, then too late", () => {
    expect(tooLateFor(christmas, at("2026-12-16", 20), CUT_OFF)).toBe(false);
    expect(tooLateFor(christmas, at("2026-12-17", 13), CUT_OFF)).toBe(false);
    expect(tooLateFor(christmas, at("2026-12-17", 14), CUT_OFF)).toBe(true);
    expect(tooLateFor(christmas, at("2026-12-18", 9), CUT_OFF)).toBe(true);
  });

  test("say the last day, or plainly that it will arrive after the date", () => {
    expect(orderByText(christmas, false)).toBe("Order by Thursday 17 December for Christmas Day");
    expect(orderByText(christmas, true)).toBe("Ordered now, it will arrive after Christmas Day (Friday 25 December).");
  });

  test("are shown from six weeks before the date until the day itself", () => {
    expect(keyDateShown("2026-12-25", "2026-11-12")).toBe(false);
    expect(keyDateShown("2026-12-25", "2026-11-13")).toBe(true);
    expect(keyDateShown("2026-12-25", "2026-12-25")).toBe(true);
    expect(keyDateShown("2026-12-25", "2026-12-26")).toBe(false);
  });

  test("a basket takes each date's soonest last order day among its lines", () => {
    const later = { ...christmas, last_order_day: "2026-12-18" };
    expect(basketOrderBy([[later], [christmas], undefined])).toEqual([christmas]);
  });
});

describe("the owner's list", () => {
  test("is tidied, given 2 delivery days when none are said, and put in date order", () => {
    const read = readKeyDates(
      '[{"name":" Christmas Day ","date":"2026-12-25"},{"name":"Mother\'s Day","date":"2027-03-07","delivery_days":1}]',
    );
    expect(read).toEqual({
      dates: [
        { name: "Christmas Day", date: "2026-12-25", delivery_days: 2 },
        { name: "Mother's Day", date: "2027-03-07", delivery_days: 1 },
      ],
    });
    expect(readKeyDates('[{"name":"B","date":"2027-01-01"},{"name":"A","date":"2026-12-25"}]')).toEqual({
      dates: [
        { name: "A", date: "2026-12-25", delivery_days: 2 },
        { name: "B", date: "2027-01-01", delivery_days: 2 },
      ],
    });
  });
});
