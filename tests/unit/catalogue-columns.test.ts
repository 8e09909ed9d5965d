import { describe, expect, test } from "bun:test";
import { columnsFor, gridColumns } from "../../web/lib/catalogue-columns";

// On a desktop no catalogue group's last row is one lone card, and every group uses the same
// column count so cards are the same size on the page
// (docs/decisions/0022-phone-shopping-and-finding-an-order.md).

/** The cards in the last row of `cards` laid out in `columns`. */
const lastRow = (cards: number, columns: number) => cards % columns || Math.min(cards, columns);

describe("the catalogue's column counts", () => {
  test("the demo's groups (5, 2 and 1 cards) take 3 columns everywhere: 3 + 2, not 4 + 1", () => {
    expect(gridColumns([5, 2, 1])).toEqual({ medium: 3, wide: 3 });
  });

  test("one category's page keeps the widest grid its count allows", () => {
    expect(gridColumns([2])).toEqual({ medium: 3, wide: 4 });
    expect(gridColumns([8])).toEqual({ medium: 3, wide: 4 });
    expect(gridColumns([4])).toEqual({ medium: 2, wide: 4 });
    expect(gridColumns([9])).toEqual({ medium: 3, wide: 3 });
  });

  test("a group of one card never narrows the grid", () => {
    expect(gridColumns([1])).toEqual({ medium: 3, wide: 4 });
    expect(gridColumns([4, 1])).toEqual({ medium: 2, wide: 4 });
  });

  test("for any two groups of 1 to 20 cards, the count chosen leaves no lone last card where some count up to the most avoids it", () => {
    for (let first = 1; first <= 20; first++) {
      for (let second = 1; second <= 20; second++) {
        for (const most of [3, 4]) {
          const groups = [first, second];
          const columns = columnsFor(groups, most);
          const lone = (c: number) => groups.some((cards) => cards > c && lastRow(cards, c) === 1);
          const avoidable = [2, 3, 4].filter((c) => c <= most).some((c) => !lone(c));
          expect({ groups, most, lone: lone(columns) && avoidable }).toEqual({ groups, most, lone: false });
          expect(columns).toBeLessThanOrEqual(most);
        }
      }
    }
  });

  test("when no count avoids it for every group (7 cards, at most 3 columns), the most columns are used", () => {
    expect(columnsFor([7], 3)).toBe(3);
  });
});
