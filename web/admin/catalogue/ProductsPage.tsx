import { type FormEvent, Fragment, useRef, useState } from "react";
import { formatPence } from "../../../shared/money";
import { availableStock } from "../../../shared/stock";
import { apiAnswer, apiCall, enc, failureText, isSessionEnd } from "../api";
import { CursorPager } from "../CursorPager";
import { AdminTable, AmountCell, deleteRow, EditorRow, ListPageHeader, Notice, ResultNotice, RowActions, useResult } from "../parts";
import { SearchField } from "../SearchField";
import type { AdminCategory, AdminProduct } from "../types";
import { mayLeave } from "../unsaved-changes";
import { useLoad } from "../use-load";
import { CategoriesTable } from "./CategoriesTable";
import { ProductEditor } from "./ProductEditor";

/** Editing nothing, a new product, or the product with this id. */
type Editing = null | "new" | string;

/** What the list shows: the products whose name or id holds `search` (all when blank), and the cursors that led to the page. */
type View = { search: string; cursors: string[] };
type ProductPage = { products: AdminProduct[]; next: string | null };

/**
 * /admin/products: the products in name order, a page at a time by cursor, searched by name or id
 * (docs/decisions/0064-the-owner-s-products-paged.md); a save or a change reloads the page the owner is on.
 */
export function ProductsPage() {
  const [view, setView] = useState<View>({ search: "", cursors: [] });
  const shownView = useRef(view);
  const [typed, setTyped] = useState("");
  const products = useLoad(async (): Promise<ProductPage> => {
    const { search, cursors } = shownView.current;
    const query = new URLSearchParams();
    if (search) query.set("q", search);
    const cursor = cursors.at(-1);
    if (cursor) query.set("cursor", cursor);
    const asked = query.toString();
    const { data, headers } = await apiAnswer<AdminProduct[]>(`/api/admin/products${asked ? `?${asked}` : ""}`);
    return { products: data, next: headers.get("x-next-cursor") };
  }, "Unable to load products");
  const categories = useLoad(() => apiCall<AdminCategory[]>("/api/admin/categories"), "Unable to load products");
  const [editing, setEditingNow] = useState<Editing>(null);
  // A product created from the editor at the top stays there once saved, where the owner is working, rather than
  // reopening in its row somewhere down the list, or on another page of it
  // (docs/decisions/0047-products-drafted-and-the-admin-on-a-phone.md): read on its own after each save.
  const [createdAtTop, setCreatedAtTop] = useState<AdminProduct | null>(null);
  // Another editor, or none, takes the place of one with unsaved changes only if the owner agrees.
  const setEditing = (next: Editing) => {
    if (next !== editing && !mayLeave()) return;
    setEditingNow(next);
  };
  const result = useResult();
  // Stock answered by +1/-1, shown until the list is next loaded.
  const [stock, setStock] = useState<Record<string, number | null>>({});
  const list = products.data?.products ?? [];
  const categoryList = categories.data ?? [];

  function show(next: View) {
    if (!mayLeave()) return;
    setEditingNow(null);
    shownView.current = next;
    setView(next);
    void products.reload();
  }

  function search(event: FormEvent) {
    event.preventDefault();
    show({ search: typed.trim(), cursors: [] });
  }

  async function adjust(product: AdminProduct, delta: 1 | -1) {
    result.clear();
    try {
      const answer = await apiCall<{ id: string; stock: number | null }>("/api/admin/stock-adjust", {
        method: "POST",
        json: { id: product.id, delta },
      });
      setStock((current) => ({ ...current, [product.id]: answer.stock }));
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Adjust failed"));
    }
  }

  /** The product made from the editor at the top, read again as it is now (saved, or its pictures or options changed). */
  async function readCreated(id: string) {
    try {
      setCreatedAtTop(await apiCall<AdminProduct>(`/api/admin/products/${enc(id)}`));
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, "Failed to load product details."));
    }
  }

  const remove = (product: AdminProduct) =>
    deleteRow(result, {
      question: `Delete the product "${product.name}" (${product.id})? This cannot be undone.`,
      path: `/api/admin/products/${enc(product.id)}`,
      name: product.name,
      reload: products.reload,
      onDeleted: () => {
        if (editing === product.id) setEditing(null);
      },
    });

  // The editor opens on the figure the table shows, so a +1/−1 made here is not "changed since".
  const shownProduct = (product: AdminProduct) => (product.id in stock ? { ...product, stock: stock[product.id] ?? null } : product);

  const editor = (product: AdminProduct | null) => (
    <ProductEditor
      key={product?.id ?? "new"}
      product={product}
      categories={categoryList}
      onCancel={() => setEditing(null)}
      onSaved={async (id) => {
        result.succeed("Product saved.");
        setStock({});
        await products.reload();
        if (editing === "new" || editing === createdAtTop?.id) await readCreated(id);
        setEditingNow(id);
      }}
      onChanged={() => {
        void products.reload();
        // Its pictures and options changed: the editor at the top reads them from the product it was given.
        if (editing === createdAtTop?.id) void readCreated(createdAtTop.id);
      }}
    />
  );

  return (
    <div className="admin-page">
      <ListPageHeader
        title="Products"
        noun="product"
        adding={editing === "new"}
        onToggle={() => setEditing(editing === "new" ? null : "new")}
      />
      {/* A failed load is the newest result there is; otherwise the last action's. */}
      {products.error ? <Notice tone="error">{products.error}</Notice> : <ResultNotice state={result} />}

      <section className="admin-section card" aria-labelledby="products-title">
        <h2 id="products-title">All products</h2>
        {editing === "new" && <div className="admin-editor-block">{editor(null)}</div>}
        {editing !== null && editing === createdAtTop?.id && <div className="admin-editor-block">{editor(shownProduct(createdAtTop))}</div>}
        <form className="admin-list-search" aria-label="Search products" onSubmit={search}>
          <SearchField value={typed} placeholder="Name or id" onChange={setTyped} />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        {products.loading && !products.data ? (
          <p className="muted">Loading products…</p>
        ) : list.length === 0 ? (
          !products.error && (
            <p className="muted">
              {view.cursors.length > 0 ? "No more products." : view.search ? "No products match this search." : "No products yet."}
            </p>
          )
        ) : (
          <AdminTable
            label="Products"
            className="admin-table--cards admin-table--products"
            columns={[
              "Product",
              "Category",
              { label: "Price", align: "num" },
              { label: "Stock", align: "center" },
              { label: "Variants", align: "num" },
              "Actions",
            ]}
          >
            {list.map((product) => {
              const open = editing === product.id;
              const shown = shownProduct(product);
              return (
                <Fragment key={product.id}>
                  <tr className={open ? "admin-row--open" : undefined}>
                    <td data-label="Product">
                      <div className="admin-product-cell">
                        {product.image_url ? (
                          <img className="admin-thumb" src={product.image_url} alt="" loading="lazy" width={48} height={48} />
                        ) : (
                          <span className="admin-thumb admin-thumb--empty" aria-hidden="true" />
                        )}
                        <span>
                          <span className="admin-cell-title">
                            {product.name}
                            {product.status === "draft" && <span className="admin-badge admin-badge--warning">Draft</span>}
                          </span>
                          <span className="admin-cell-sub admin-mono">{product.id}</span>
                        </span>
                      </div>
                    </td>
                    <td data-label="Category">{categoryList.find((category) => category.id === product.category_id)?.name ?? "—"}</td>
                    <td data-label="Price" className="admin-num admin-nowrap">
                      {formatPence(product.price_cents)}
                    </td>
                    <td data-label="Stock" className="admin-center">
                      {product.variants.length > 0 ? (
                        <OptionsStock product={shown} />
                      ) : (
                        <StockControl name={product.name} stock={shown.stock} onAdjust={(delta) => void adjust(product, delta)} />
                      )}
                    </td>
                    <AmountCell label="Variants">{product.variants?.length ?? 0}</AmountCell>
                    <td data-label="Actions">
                      <RowActions
                        name={product.name}
                        open={open}
                        onEdit={() => setEditing(open ? null : product.id)}
                        onDelete={() => void remove(product)}
                      />
                    </td>
                  </tr>
                  {open && editing !== createdAtTop?.id && <EditorRow columns={6}>{editor(shown)}</EditorRow>}
                </Fragment>
              );
            })}
          </AdminTable>
        )}
        {(view.cursors.length > 0 || products.data?.next) && (
          <CursorPager
            label="Product pages"
            cursors={view.cursors}
            next={products.data?.next}
            onPage={(cursors) => show({ search: view.search, cursors })}
          />
        )}
      </section>

      <CategoriesTable categories={categories} />
    </div>
  );
}

/**
 * A product with options sells each option's own stock: the table shows what can be sold in all, the options'
 * sum (capped by the product's own figure when it has one), and the options are counted in the editor.
 */
function OptionsStock({ product }: { product: AdminProduct }) {
  const total = availableStock({ stock: product.stock, maxOnlineQty: null, variants: product.variants });
  return (
    <span className="admin-stock admin-stock--options" data-testid="stock-value" title="The options' stock added up">
      {total === null ? (
        <span role="img" title="Unlimited" aria-label="Unlimited">
          ∞
        </span>
      ) : (
        total
      )}
      <span className="admin-cell-sub">across options</span>
    </span>
  );
}

/** Stock ±1 from the table; unlimited (null) shows ∞ and cannot be adjusted. */
function StockControl({ name, stock, onAdjust }: { name: string; stock: number | null; onAdjust: (delta: 1 | -1) => void }) {
  const unlimited = stock === null;
  return (
    <span className="admin-stock">
      <button
        type="button"
        className="admin-stock__button"
        aria-label={`−1 ${name} in stock`}
        disabled={unlimited || stock <= 0}
        onClick={() => onAdjust(-1)}
      >
        −1
      </button>
      <span className="admin-stock__value" data-testid="stock-value">
        {unlimited ? (
          <span role="img" title="Unlimited" aria-label="Unlimited">
            ∞
          </span>
        ) : (
          stock
        )}
      </span>
      <button
        type="button"
        className="admin-stock__button"
        aria-label={`+1 ${name} in stock`}
        disabled={unlimited}
        onClick={() => onAdjust(1)}
      >
        +1
      </button>
    </span>
  );
}
