import { data } from "react-router";
import type { RouteHandle } from "./meta";

/** Any path no page claims: the layout's error boundary shows the 404 page. */
export function notFoundLoader(): never {
  throw data(null, { status: 404 });
}

export function NotFoundPage() {
  return null;
}

export const notFoundHandle: RouteHandle = {
  policy: { audience: "public" },
  meta: (_data, shop) => ({ title: `Page not found · ${shop.name}`, description: "This page does not exist.", path: null }),
};
