import { data, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { errorFields, log } from "../../src/log";
import type { Product } from "../../src/modules/catalog/model";
import { asShownOnPages } from "../../src/modules/catalog/shown-stock";
import type { Category } from "../../src/modules/categories/model";
import { CataloguePager, CatalogueRange, type CategoryLink, CategoryLinks } from "../components/CatalogueNavigation";
import { ProductCard } from "../components/ProductCard";
import { ProductCardHtml } from "../components/ProductCardHtml";
import { gridColumns } from "../lib/catalogue-columns";
import { type CataloguePage, catalogueHref, groupCatalogue, type ProductGroup, pageAsked, pageOf } from "../lib/catalogue-pages";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";

/** The first cards' pictures load at once (and are preloaded); the rest lazily. */
const EAGER_CARDS = 2;

/** The grids' column counts as data attributes (web/styles/phone-layout.css): no lone card in a last row. */
function gridColumnAttributes(groups: readonly ProductGroup[]) {
  const { medium, wide } = gridColumns(groups.map((group) => group.products.length));
  return { "data-medium-columns": medium, "data-wide-columns": wide };
}

/**
 * The whole catalogue grouped, made once per read of the products and categories: both lists are the
 * same objects until what pages show changes (src/db/shown-version.ts), and every page of the
 * catalogue, each category's too, is cut from this one grouping.
 */
let grouped: { products: readonly Product[]; categories: readonly Category[]; groups: ProductGroup[] } | null = null;

function catalogueGroups(products: readonly Product[], categories: readonly Category[]): ProductGroup[] {
  if (grouped?.products !== products || grouped.categories !== categories) {
    grouped = { products, categories, groups: groupCatalogue(products.map(asShownOnPages), categories) };
  }
  return grouped.groups;
}

/** The shop's words for a catalogue that could not be read (decision 0029). */
const CATALOGUE_FAILED = "Failed to load products";

type Selected = { id: string; name: string } | null;

type ProductsData = {
  cat: string | null;
  selected: Selected;
  failed: boolean;
  /** The page shown; null when the category or the page asked for does not exist (or the read failed). */
  page: CataloguePage | null;
  /** How many pages there are, for the page that was not found (0 otherwise). */
  pageCount: number;
  categories: CategoryLink[];
};

export function productsLoader(args: LoaderFunctionArgs) {
  const { catalog, categories } = depsOf(args);
  const query = new URL(args.request.url).searchParams;
  const cat = query.get("cat");
  const empty: ProductsData = { cat, selected: null, failed: false, page: null, pageCount: 0, categories: [] };
  let allCategories: readonly Category[];
  let products: readonly Product[];
  try {
    allCategories = categories.listCategories();
    products = catalog.listProducts();
  } catch (error) {
    // The page still answers, in the shop's layout, saying what failed where the products would be;
    // a 500 is never kept, so the next visitor's request reads again (docs/decisions/0029-order-page-and-reachable-messages.md).
    log("error", "catalogue read failed", errorFields(error));
    return data({ ...empty, failed: true }, { status: 500 });
  }
  const groups = catalogueGroups(products, allCategories);
  const links = groups.flatMap(({ category, products }) => (category ? [{ ...category, products: products.length }] : []));
  const found = cat === null ? null : allCategories.find((category) => category.id === cat);
  // An unknown category is a missing page, but still shows the way back to the catalogue.
  if (cat !== null && !found) return data({ ...empty, categories: links }, { status: 404 });
  const selected: Selected = found ? { id: found.id, name: found.name } : null;
  const shown = cat === null ? groups : groups.filter((group) => group.category?.id === cat);
  const asked = pageAsked(query.get("page"));
  const page = asked === null ? null : pageOf(shown, asked);
  const payload: ProductsData = { ...empty, selected, page, categories: links };
  // A page past the last (or a page number no pager writes) is missing too: never kept, and it says how many there are.
  if (!page) return data({ ...payload, pageCount: pageOf(shown, 1)?.pageCount ?? 1 }, { status: 404 });
  return payload;
}

const NO_DATA: ProductsData = { cat: null, selected: null, failed: false, page: null, pageCount: 0, categories: [] };

export const productsHandle: RouteHandle<ProductsData> = {
  policy: { audience: "public", sitemap: true },
  // This page's cards: a sale of a product on another page leaves it as it is (the counts and links count products, not stock).
  shows: (data) => (data?.page ? data.page.groups.flatMap((group) => group.products.map((product) => product.id)) : null),
  meta: ({ selected, cat, failed, page } = NO_DATA, shop) => {
    const pageWords = page && page.page > 1 ? `, page ${page.page} of ${page.pageCount}` : "";
    return {
      title: failed
        ? `${CATALOGUE_FAILED} · ${shop.name}`
        : cat !== null && !selected
          ? `Category not found · ${shop.name}`
          : !page
            ? `Page not found · ${shop.name}`
            : selected
              ? `${selected.name} prints${pageWords} · ${shop.name}`
              : `All products${pageWords} · ${shop.name}`,
      description: selected
        ? `${selected.name} 3D-printed goods from ${shop.name}, made to order in the UK.`
        : `Every 3D-printed product ${shop.name} makes: relief maps, lithophanes, and things for home and garden.`,
      path: failed || !page || (cat !== null && !selected) ? null : catalogueHref(cat, page.page),
    };
  },
};

export function ProductsPage() {
  const { cat, selected, failed, page, pageCount, categories } = useLoaderData<ProductsData>();
  return (
    <div className="container">
      <div className="page-intro">
        <h1>{selected ? selected.name : "Products"}</h1>
        <p className="page-intro__text">
          Printed to order in PLA and PETG in our Cumbrian workshop. Need something that isn't here?{" "}
          <a href="/custom-request">Send a custom request</a>.
        </p>
        <CategoryLinks categories={categories} cat={cat} />
        {page && <CatalogueRange page={page} />}
      </div>
      {failed && (
        <div className="empty-state" role="alert">
          <h2>{CATALOGUE_FAILED}</h2>
          <p>Please try again in a moment.</p>
          <a className="button button--primary" href={catalogueHref(cat)}>
            Try again
          </a>
        </div>
      )}
      {!failed && cat !== null && !selected && (
        <div className="empty-state">
          <h2>We couldn't find that category</h2>
          <p>It may have been renamed or removed.</p>
          <a className="button button--primary" href="/products">
            See all products
          </a>
        </div>
      )}
      {!failed && (cat === null || selected) && !page && <MissingPage cat={cat} pageCount={pageCount} />}
      {page && page.total === 0 && (
        <div className="empty-state">
          <h2>Nothing here yet</h2>
          <p>{selected ? `There are no products in ${selected.name} at the moment.` : "There are no products at the moment."}</p>
        </div>
      )}
      {page && <CatalogueGroups groups={page.groups} selected={selected} />}
      {page && <CataloguePager page={page} cat={cat} />}
    </div>
  );
}

/** A page number that is not one of the catalogue's pages: how many there are, and the way to the first and last. */
function MissingPage({ cat, pageCount }: { cat: string | null; pageCount: number }) {
  return (
    <div className="empty-state">
      <h2>We couldn't find that page</h2>
      <p>{pageCount === 1 ? "These products fit on one page." : `These products run to ${pageCount} pages.`}</p>
      <a className="button button--primary" href={catalogueHref(cat)}>
        Go to the first page
      </a>
      {pageCount > 1 && <a href={catalogueHref(cat, pageCount)}>Go to the last page</a>}
    </div>
  );
}

/**
 * A page's groups in order, each under its heading ('Basic', 'Personalised', …; none for uncategorised
 * products). A group that runs on from the page before is headed again here, so a shopper arriving
 * at any page sees which group its cards are in.
 */
function CatalogueGroups({ groups, selected }: { groups: readonly ProductGroup[]; selected: Selected }) {
  let cardIndex = 0;
  const columns = gridColumnAttributes(groups);
  return groups.map((group) => (
    <section
      key={group.category?.id ?? "uncategorised"}
      className="catalogue-group"
      aria-label={group.category ? undefined : "More products"}
      aria-labelledby={group.category ? `group-${group.category.id}` : undefined}
    >
      {group.category && (
        <h2 id={`group-${group.category.id}`} className={selected ? "visually-hidden" : undefined}>
          {group.category.name}
        </h2>
      )}
      <div className="product-grid" {...columns}>
        {group.products.map((product) =>
          cardIndex++ < EAGER_CARDS ? (
            <ProductCard key={product.id} product={product} eager />
          ) : (
            <ProductCardHtml key={product.id} product={product} />
          ),
        )}
      </div>
    </section>
  ));
}
