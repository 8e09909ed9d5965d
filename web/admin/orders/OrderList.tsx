import { type FormEvent, useState } from "react";
import { apiAnswer } from "../api";
import { CursorPager } from "../CursorPager";
import { Notice, TableScroller } from "../parts";
import { navigate } from "../router";
import { SearchField } from "../SearchField";
import type { AdminOrderSummary } from "../types";
import { useLoad } from "../use-load";
import { OrdersTable } from "./OrderBits";

/**
 * A search and where its page starts: `cursors` holds the X-Next-Cursor that led to each page after the first,
 * so Newer goes back by dropping the last and Older goes on with the page's own X-Next-Cursor.
 */
type Search = { q: string; status: string; cursors: string[] };

const STATUSES = [
  { value: "", label: "All statuses" },
  { value: "paid", label: "Paid" },
  { value: "fulfilled", label: "Fulfilled" },
  { value: "canceled", label: "Cancelled" },
];

/**
 * Every order, newest first, a page at a time by cursor, searched by name, email, postcode or reference
 * (docs/decisions/0030-order-store-paging-and-search.md).
 */
export function OrderList() {
  const [search, setSearch] = useState<Search>({ q: "", status: "", cursors: [] });
  const [typed, setTyped] = useState("");
  const [status, setStatus] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch({ q: typed.trim(), status, cursors: [] });
  }

  return (
    <section className="admin-section card" aria-labelledby="orders-title">
      <h2 id="orders-title">All orders</h2>
      <form className="admin-order-search" aria-label="Search orders" onSubmit={submit}>
        <SearchField value={typed} placeholder="Name, email, postcode or reference" onChange={setTyped} />
        <label>
          <span>Status</span>
          <select value={status} onChange={(event) => setStatus(event.target.value)}>
            {STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          Search
        </button>
      </form>
      <OrderPage key={JSON.stringify(search)} search={search} onPage={(cursors) => setSearch({ ...search, cursors })} />
    </section>
  );
}

type Page = { orders: AdminOrderSummary[]; next: string | null; total: number | null };

/** One page of results; remounted for each search and page, so it loads once each. */
function OrderPage({ search, onPage }: { search: Search; onPage: (cursors: string[]) => void }) {
  const query = new URLSearchParams();
  if (search.q) query.set("q", search.q);
  if (search.status) query.set("status", search.status);
  const cursor = search.cursors.at(-1);
  if (cursor) query.set("cursor", cursor);
  const { data, error, loading } = useLoad(async (): Promise<Page> => {
    const { data: orders, headers } = await apiAnswer<AdminOrderSummary[]>(`/api/admin/orders?${query}`);
    const total = headers.get("x-total-count");
    return { orders, next: headers.get("x-next-cursor"), total: total === null ? null : Number(total) };
  }, "Unable to load orders");
  const searching = search.q !== "" || search.status !== "";
  const pageNumber = search.cursors.length + 1;
  return (
    <>
      <Notice tone="error">{error}</Notice>
      {loading && !data ? (
        <p className="muted">Loading orders…</p>
      ) : !data || data.orders.length === 0 ? (
        !error && (
          <p className="muted">{pageNumber > 1 ? "No more orders." : searching ? "No orders match this search." : "No orders yet."}</p>
        )
      ) : (
        <TableScroller label="Orders">
          <OrdersTable orders={data.orders} label="Orders, newest first" onOpen={(id) => navigate("/admin/orders", { order: id })} />
        </TableScroller>
      )}
      <CursorPager label="Order pages" cursors={search.cursors} next={data?.next} onPage={onPage} back="Newer" forward="Older">
        {data?.total != null && ` · ${data.total} ${data.total === 1 ? "order" : "orders"}`}
      </CursorPager>
    </>
  );
}
