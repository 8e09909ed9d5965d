import { data, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { errorFields, log } from "../../src/log";
import type { Product } from "../../src/modules/catalog/model";
import { asShownOnPages } from "../../src/modules/catalog/shown-stock";
import type { Category } from "../../src/modules/categories/model";
import { ProductCard } from "../components/ProductCard";
import { ProductCardHtml } from "../components/ProductCardHtml";
import { gridColumns } from "../lib/catalogue-columns";
import { depsOf } from "./context";
import type { RouteHandle } from "./meta";

/** The first cards' pictures load at once (and are preloaded); the rest lazily. */
const EAGER_CARDS = 2;

/** Spec section 2: basic, then personalised, then any other category, then uncategorised. */
const LEADING_CATEGORY_IDS = ["basic", "personalised"];

/** The grids' column counts as data attributes (web/styles/phone-layout.css): no lone card in a last row. */
function gridColumnAttributes(groups: ProductGroup[]) {
  const { medium, wide } = gridColumns(groups.map((group) => group.products.length));
  return { "data-medium-columns": medium, "data-wide-columns": wide };
}

export type ProductGroup = { category: Pick<Category, "id" | "name"> | null; products: Product[] };

function groupCatalogue(products: Product[], categories: readonly Category[]): ProductGroup[] {
  const leading = LEADING_CATEGORY_IDS.map((id) => categories.find((category) => category.id === id)).filter(
    (category): category is Category => category !== undefined,
  );
  const others = categories.filter((category) => !LEADING_CATEGORY_IDS.includes(category.id));
  const known = new Set(categories.map((category) => category.id));
  const groups: ProductGroup[] = [...leading, ...others].map((category) => ({
    category: { id: category.id, name: category.name },
    products: products.filter((product) => product.categoryId === category.id),
  }));
  groups.push({
    category: null,
    products: products.filter((product) => product.categoryId === null || !known.has(product.categoryId)),
  });
  return groups.filter((group) => group.products.length > 0);
}

/** The shop's words for a catalogue that could not be read (decision 0029). */
const CATALOGUE_FAILED = "Failed to load products";

export function productsLoader(args: LoaderFunctionArgs) {
  const { catalog, categories } = depsOf(args);
  const cat = new URL(args.request.url).searchParams.get("cat");
  let allCategories: readonly Category[];
  let products: readonly Product[];
  try {
    allCategories = categories.listCategories();
    products = catalog.listProducts();
  } catch (error) {
    // The page still answers, in the shop's layout, saying what failed where the products would be;
    // a 500 is never kept, so the next visitor's request reads again (docs/decisions/0029-order-page-and-reachable-messages.md).
    log("error", "catalogue read failed", errorFields(error));
    return data({ groups: [] as ProductGroup[], cat, selected: null, failed: true }, { status: 500 });
  }
  const selected = cat === null ? null : (allCategories.find((category) => category.id === cat) ?? null);
  const groups = groupCatalogue(products.map(asShownOnPages), allCategories).filter((group) => cat === null || group.category?.id === cat);
  const payload = { groups, cat, selected: selected && { id: selected.id, name: selected.name }, failed: false };
  // An unknown category is a missing page, but still shows the way back to the catalogue.
  return cat !== null && !selected ? data(payload, { status: 404 }) : payload;
}

type ProductsData = { selected: { id: string; name: string } | null; cat: string | null; failed: boolean };

export const productsHandle: RouteHandle<ProductsData> = {
  policy: { audience: "public", sitemap: true },
  meta: ({ selected, cat, failed } = { selected: null, cat: null, failed: false }, shop) => ({
    title: failed
      ? `${CATALOGUE_FAILED} · ${shop.name}`
      : selected
        ? `${selected.name} prints · ${shop.name}`
        : cat === null
          ? `All products · ${shop.name}`
          : `Category not found · ${shop.name}`,
    description: selected
      ? `${selected.name} 3D-printed goods from ${shop.name}, made to order in the UK.`
      : `Every 3D-printed product ${shop.name} makes: relief maps, lithophanes, and things for home and garden.`,
    path: failed ? null : selected ? `/products?cat=${encodeURIComponent(selected.id)}` : cat === null ? "/products" : null,
  }),
};

export function ProductsPage() {
  const { groups, cat, selected, failed } = useLoaderData<typeof productsLoader>();
  let cardIndex = 0;
  const columns = gridColumnAttributes(groups);
  return (
    <div className="container">
      <div className="page-intro">
        <h1>{selected ? selected.name : "Products"}</h1>
        <p className="page-intro__text">
          Printed to order in PLA and PETG in our Cumbrian workshop. Need something that isn't here?{" "}
          <a href="/custom-request">Send a custom request</a>.
        </p>
        {cat !== null && (
          <p>
            <a href="/products">← All products</a>
          </p>
        )}
      </div>
      {failed && (
        <div className="empty-state" role="alert">
          <h2>{CATALOGUE_FAILED}</h2>
          <p>Please try again in a moment.</p>
          <a className="button button--primary" href={cat === null ? "/products" : `/products?cat=${encodeURIComponent(cat)}`}>
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
      {selected && groups.length === 0 && (
        <div className="empty-state">
          <h2>Nothing here yet</h2>
          <p>There are no products in {selected.name} at the moment.</p>
        </div>
      )}
      {groups.map((group) => (
        <section
          key={group.category?.id ?? "uncategorised"}
          className="catalogue-group"
          aria-label={group.category ? undefined : "More products"}
          aria-labelledby={group.category ? `group-${group.category.id}` : undefined}
        >
          {group.category && !selected && <h2 id={`group-${group.category.id}`}>{group.category.name}</h2>}
          {group.category && selected && (
            <h2 id={`group-${group.category.id}`} className="visually-hidden">
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
      ))}
    </div>
  );
}
