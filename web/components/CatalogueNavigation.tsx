import { type CataloguePage, catalogueHref, pagerItems } from "../lib/catalogue-pages";

const count = (number: number) => number.toLocaleString("en-GB");

export type CategoryLink = { id: string; name: string; products: number };

/**
 * The categories as plain links, so the catalogue filters without JavaScript (the header's menu opens
 * only once its island runs). Only categories with something in them: a link to nothing helps nobody.
 */
export function CategoryLinks({ categories, cat }: { categories: readonly CategoryLink[]; cat: string | null }) {
  if (categories.length === 0) return null;
  return (
    <nav className="category-links" aria-label="Categories">
      <ul>
        <li>
          <a href="/products" aria-current={cat === null ? "page" : undefined}>
            All products
          </a>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <a href={catalogueHref(category.id)} aria-current={cat === category.id ? "page" : undefined}>
              {category.name} <span className="category-links__count">({count(category.products)})</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Showing 49–96 of 2,000 products": only when there is more than one page. */
export function CatalogueRange({ page }: { page: CataloguePage }) {
  if (page.pageCount <= 1) return null;
  return (
    <p className="catalogue-range">
      Showing {count(page.first)}–{count(page.last)} of {count(page.total)} products
    </p>
  );
}

/** Previous, the page numbers and Next, as plain links (they work without JavaScript). */
export function CataloguePager({ page, cat }: { page: CataloguePage; cat: string | null }) {
  if (page.pageCount <= 1) return null;
  const current = page.page;
  return (
    <nav className="pager" aria-label="Catalogue pages">
      {current > 1 ? (
        <a className="pager__step pager__step--previous" rel="prev" href={catalogueHref(cat, current - 1)}>
          <span aria-hidden="true">←</span> Previous
        </a>
      ) : (
        <span className="pager__step pager__step--previous" />
      )}
      <ol className="pager__pages">
        {pagerItems(current, page.pageCount).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <a
                className="pager__page"
                href={catalogueHref(cat, item)}
                aria-label={`Page ${item}`}
                aria-current={item === current ? "page" : undefined}
              >
                {item}
              </a>
            </li>
          ),
        )}
      </ol>
      {current < page.pageCount ? (
        <a className="pager__step pager__step--next" rel="next" href={catalogueHref(cat, current + 1)}>
          Next <span aria-hidden="true">→</span>
        </a>
      ) : (
        <span className="pager__step pager__step--next" />
      )}
    </nav>
  );
}
