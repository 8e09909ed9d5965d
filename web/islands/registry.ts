import type { ComponentType } from "react";

/**
 * Every island the browser can hydrate, each behind a dynamic import so it
 * becomes its own chunk and loads only on pages that render it.
 * (Props are checked where the server renders <Island>, hence `any` here.)
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
type IslandLoader = () => Promise<ComponentType<any>>;

export const islandLoaders = {
  SiteHeader: () => import("./SiteHeader").then((module) => module.SiteHeader),
  ProjectsCarousel: () => import("./ProjectsCarousel").then((module) => module.ProjectsCarousel),
  ProductGallery: () => import("./ProductGallery").then((module) => module.ProductGallery),
  ProductPurchase: () => import("./ProductPurchase").then((module) => module.ProductPurchase),
  BasketView: () => import("./BasketView").then((module) => module.BasketView),
  CustomRequestForm: () => import("./CustomRequestForm").then((module) => module.CustomRequestForm),
  OrderLookup: () => import("./OrderLookup").then((module) => module.OrderLookup),
  CopyReference: () => import("./CopyReference").then((module) => module.CopyReference),
  OrderConfirmation: () => import("./OrderConfirmation").then((module) => module.OrderConfirmation),
  QuoteActions: () => import("./QuoteActions").then((module) => module.QuoteActions),
  HoldActions: () => import("./HoldActions").then((module) => module.HoldActions),
} satisfies Record<string, IslandLoader>;

export type IslandName = keyof typeof islandLoaders;
