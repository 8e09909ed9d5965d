import { type FormEvent, useState } from "react";
import { ORDERS_PAGE_SIZE } from "../../shared/orders-page";
import { apiCall } from "./api";
import { OrdersTable } from "./OrderBits";
import { Notice, TableScroller } from "./parts";
import { navigate } from "./router";
import type { OrderListItem } from "./types";
import { useLoad } from "./use-load";

type Search = { q: string; status: string; page: number };

const STATUSES = [
  { value: "", label: "All statuses" },
  { value: "paid", label: "Paid" },
  { value: "fulfilled", label: "Fulfilled" },
  { value: "canceled", label: "Cancelled" },
];

/** Issue 15 point 6: every order, newest first, a page at a time, searched by name, email, postcode or reference. */
export function OrderList() {
  const [search, setSearch] = useState<Search>({ q: "", status: "", page: 1 });
  const [typed, setTyped] = useState("");
  const [status, setStatus] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch({ q: typed.trim(), status, page: 1 });
  }

  return (
    <section className="admin-section card" aria-labelledby="orders-title">
      <h2 id="orders-title">All orders</h2>
      <form className="admin-order-search" aria-label="Search orders" onSubmit={submit}>
        <label>
          <span>Search</span>
          <input
            type="search"
            value={typed}
            maxLength={100}
            placeholder="Name, email, postcode or reference"
            onChange={(event) => setTyped(event.target.value)}
          />
        </label>
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
      <OrderPage key={JSON.stringify(search)} search={search} onPage={(page) => setSearch({ ...search, page })} />
    </section>
  );
}

/** One page of results; remounted for each search, so it loads once per search. */
function OrderPage({ search, onPage }: { search: Search; onPage: (page: number) => void }) {
  const query = new URLSearchParams({ page: String(search.page) });
  if (search.q) query.set("q", search.q);
  if (search.status) query.set("status", search.status);
  const { data, error, loading } = useLoad(() => apiCall<OrderListItem[]>(`/api/admin/orders?${query}`), "Unable to load orders");
  const searching = search.q !== "" || search.status !== "";
  return (
    <>
      <Notice tone="error">{error}</Notice>
      {loading && !data ? (
        <p className="muted">Loading orders…</p>
      ) : !data || data.length === 0 ? (
        !error && (
          <p className="muted">{search.page > 1 ? "No more orders." : searching ? "No orders match this search." : "No orders yet."}</p>
        )
      ) : (
        <TableScroller label="Orders">
          <OrdersTable orders={data} label="Orders, newest first" onOpen={(id) => navigate("/admin/orders", { order: id })} />
        </TableScroller>
      )}
      <nav className="admin-pager" aria-label="Order pages">
        <button type="button" className="button button--ghost" disabled={search.page === 1} onClick={() => onPage(search.page - 1)}>
          Newer
        </button>
        <span>Page {search.page}</span>
        <button
          type="button"
          className="button button--ghost"
          disabled={!data || data.length < ORDERS_PAGE_SIZE}
          onClick={() => onPage(search.page + 1)}
        >
          Older
        </button>
      </nav>
    </>
  );
}
