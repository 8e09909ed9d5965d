/**
 * How many columns the catalogue's grids use at each width, chosen so no group's last row is one lone
 * card beside empty places (docs/decisions/0022-phone-shopping-and-finding-an-order.md). One count for
 * the whole page, so cards are the same size in every group. The rule: the widest count up to the
 * width's most for which every group of two or more cards either fits one row or ends in a row of at
 * least two; when no count manages that for every group, the most. A group of one card is one card
 * whatever the count. Phones always use two columns (CSS): a card is about 170 px wide there, and one
 * column of them would be a very long page.
 *
 * The demo's groups (5, 2 and 1 cards) take 3 columns on tablets and desktops: 3 + 2, 2, 1
 * (4 columns would leave 4 + 1).
 */
const WIDEST = { medium: 3, wide: 4 } as const;

const endsWithLoneCard = (cards: number, columns: number) => cards > columns && cards % columns === 1;

export function columnsFor(groupSizes: readonly number[], most: number): number {
  for (let columns = most; columns >= 2; columns--) {
    if (!groupSizes.some((cards) => endsWithLoneCard(cards, columns))) return columns;
  }
  return most;
}

/** The columns of the page's grids on tablets (`medium`) and desktops (`wide`), written as data attributes for the CSS. */
export function gridColumns(groupSizes: readonly number[]): { medium: number; wide: number } {
  return { medium: columnsFor(groupSizes, WIDEST.medium), wide: columnsFor(groupSizes, WIDEST.wide) };
}
