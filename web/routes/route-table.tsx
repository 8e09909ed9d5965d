import type { RouteObject } from "react-router";
import { AdminPage, adminHandle } from "./admin";
import { BasketPage, basketHandle, basketLoader } from "./basket";
import {
  DemoCheckoutPage,
  demoCheckoutHandle,
  demoCheckoutLoader,
  VoucherCheckoutPage,
  voucherCheckoutHandle,
  voucherCheckoutLoader,
} from "./checkout.own";
import { ContactPage, contactHandle } from "./contact";
import { CustomRequestPage, customRequestHandle } from "./custom-request";
import { HomePage, homeHandle, homeLoader } from "./index";
import { NotFoundPage, notFoundHandle, notFoundLoader } from "./not-found";
import { FindOrderPage, findOrderHandle, findOrderLoader } from "./order";
import { OrderPage, orderHandle, orderLoader } from "./order.$orderId";
import { HoldPage, holdHandle, holdLoader } from "./order.$orderId.hold.$holdId";
import { PoliciesPage, policiesHandle, policiesLoader } from "./policies";
import { ProductsPage, productsHandle, productsLoader } from "./products";
import { ProductPage, productHandle, productLoader } from "./products.$id";
import { QuotePage, quoteHandle, quoteLoader } from "./quote.$quoteId";
import { PageErrorBoundary, RootErrorBoundary, RootLayout, rootLoader } from "./root";
import { SuccessPage, successHandle, successLoader } from "./success";

/** Every public page of docs/product.md#storefront, matched on the server by React Router. */
export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: rootLoader,
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      {
        ErrorBoundary: PageErrorBoundary,
        children: [
          { index: true, loader: homeLoader, Component: HomePage, handle: homeHandle },
          { path: "products", loader: productsLoader, Component: ProductsPage, handle: productsHandle },
          { path: "products/:id", loader: productLoader, Component: ProductPage, handle: productHandle },
          { path: "basket", loader: basketLoader, Component: BasketPage, handle: basketHandle },
          { path: "custom-request", Component: CustomRequestPage, handle: customRequestHandle },
          { path: "success", loader: successLoader, Component: SuccessPage, handle: successHandle },
          { path: "checkout/demo/:sessionId", loader: demoCheckoutLoader, Component: DemoCheckoutPage, handle: demoCheckoutHandle },
          {
            path: "checkout/voucher/:sessionId",
            loader: voucherCheckoutLoader,
            Component: VoucherCheckoutPage,
            handle: voucherCheckoutHandle,
          },
          { path: "order", loader: findOrderLoader, Component: FindOrderPage, handle: findOrderHandle },
          { path: "order/:orderId", loader: orderLoader, Component: OrderPage, handle: orderHandle },
          { path: "order/:orderId/hold/:holdId", loader: holdLoader, Component: HoldPage, handle: holdHandle },
          { path: "quote/:quoteId", loader: quoteLoader, Component: QuotePage, handle: quoteHandle },
          { path: "policies", loader: policiesLoader, Component: PoliciesPage, handle: policiesHandle },
          { path: "contact", Component: ContactPage, handle: contactHandle },
          { path: "admin/*", Component: AdminPage, handle: adminHandle },
          { path: "*", loader: notFoundLoader, Component: NotFoundPage, handle: notFoundHandle },
        ],
      },
    ],
  },
];
