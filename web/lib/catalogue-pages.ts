import type { Product } from "../../src/modules/catalog/model";
import type { Category } from "../../src/modules/categories/model";

/**
 * The catalogue page in pages (docs/decisions/0033-catalogue-pages.md): the groups are read in their
 * order as one list and cut every CATALOGUE_PAGE_SIZE cards, so a group can run on from one page to
 * the next. 48 fills whole rows at 2, 3 and 4 columns and keeps a page's HTML far under 200 kB.
 */
export const CATALOGUE_PAGE_SIZE = 48;

/** Basic, then personalised, then any other category, then uncategorised. */
const LEADING_CATEGORY_IDS = ["basic", "personalised"];

export type ProductGroup = { category: Pick<Category, "id" | "name"> | null; products: readonly Product[] };

/** Every product in its group, the groups in the catalogue's order; empty groups left out. */
export function groupCatalogue(products: readonly Product[], categories: readonly Category[]): ProductGroup[] {
  const leading = LEADING_CATEGORY_IDS.map((id) => categories.find((category) => category.id === id)).filter(
    (category): category is Category => category !== undefined,
  );
  const others = categories.filter((category) => !LEADING_CATEGORY_IDS.includes(category.id));
  const byCategory = new Map<string | null, Product[]>();
  for (const product of products) {
    const key = product.categoryId;
    const group = byCategory.get(key);
    if (group) group.push(product);
    else byCategory.set(key, [product]);
  }
  const groups: ProductGroup[] = [...leading, ...others].map((category) => ({
    category: { id: category.id, name: category.name },
    products: byCategory.get(category.id) ?? [],
  }));
  // A product whose category is gone (or never was) is shown with the uncategorised ones.
  const known = new Set(categories.map((category) => category.id));
  groups.push({ category: null, products: products.filter((product) => product.categoryId === null || !known.has(product.categoryId)) });
  return groups.filter((group) => group.products.length > 0);
}

/**
 * The page a `?page=` value asks for: none is the first; null when it is not a page number as the
 * pager writes them (1, 2, … with no sign, leading zero or fraction), which the page answers 404.
 */
export function pageAsked(raw: string | null): number | null {
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : null;
}

export type CataloguePage = {
  /** The groups with a card on this page, each holding only this page's cards. */
  groups: ProductGroup[];
  page: number;
  pageCount: number;
  /** The first and last card shown, counted from 1 over the whole list (0 and 0 when it is empty). */
  first: number;
  last: number;
  total: number;
};

/** Page `page` (from 1) of `groups`, or null past the last page. An empty catalogue still has its first page. */
export function pageOf(groups: readonly ProductGroup[], page: number, size = CATALOGUE_PAGE_SIZE): CataloguePage | null {
  const total = groups.reduce((sum, group) => sum + group.products.length, 0);
  const pageCount = Math.max(1, Math.ceil(total / size));
  if (page > pageCount) return null;
  const start = (page - 1) * size;
  const end = Math.min(start + size, total);
  const shown: ProductGroup[] = [];
  let before = 0;
  for (const group of groups) {
    const from = Math.max(start - before, 0);
    const to = Math.min(end - before, group.products.length);
    if (from < to) shown.push({ category: group.category, products: group.products.slice(from, to) });
    before += group.products.length;
  }
  return { groups: shown, page, pageCount, first: total === 0 ? 0 : start + 1, last: end, total };
}

/** The address of a page of the catalogue (or of one category): the first page has no `page`. */
export function catalogueHref(cat: string | null, page = 1): string {
  const query = [cat === null ? null : `cat=${encodeURIComponent(cat)}`, page > 1 ? `page=${page}` : null].filter(Boolean);
  return query.length === 0 ? "/products" : `/products?${query.join("&")}`;
}

/**
 * The page numbers the pager links to: the first, the last, and the pages either side of the current
 * one, with "gap" where pages are left out (a gap of one page shows that page instead). At most seven
 * items, so the row fits a phone.
 */
export function pagerItems(page: number, pageCount: number): (number | "gap")[] {
  const wanted = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((number) => number >= 1 && number <= pageCount)
    .sort((a, b) => a - b);
  const items: (number | "gap")[] = [];
  let previous = 0;
  for (const number of wanted) {
    if (number - previous === 2) items.push(previous + 1);
    else if (number - previous > 2) items.push("gap");
    items.push(number);
    previous = number;
  }
  return items;
}
