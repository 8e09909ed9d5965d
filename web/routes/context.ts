import { createContext, type LoaderFunctionArgs } from "react-router";
import type { Deps } from "../../src/deps";
import type { CustomerOrder } from "../components/OrderDetails";
import type { OrderProgressFacts } from "../components/OrderProgress";

/** How page loaders reach the server's services: set per request by src/ssr/render.tsx. */
export const depsContext = createContext<Deps>();

/**
 * A form post the server refused, re-shown on its page: the problem as a code
 * from the page's fixed list, and what was typed. It travels in the render,
 * never in a URL, so neither a message nor a shopper's details sit in a query string.
 */
export type RefusedForm = { errorCode: string; typed: Record<string, string> };
export const refusedFormContext = createContext<RefusedForm | null>(null);

/**
 * The order a plain form post of the order page proved with its postcode (src/modules/orders/index.ts):
 * shown by the server, so the order and its progress read without JavaScript and no postcode goes into a URL.
 */
export type LookedUpOrder = CustomerOrder & OrderProgressFacts;
export const lookedUpOrderContext = createContext<LookedUpOrder | null>(null);

export function lookedUpOrderOf({ context }: Pick<LoaderFunctionArgs, "context">): LookedUpOrder | null {
  return context.get(lookedUpOrderContext);
}

export function depsOf({ context }: Pick<LoaderFunctionArgs, "context">): Deps {
  return context.get(depsContext);
}

export function refusedFormOf({ context }: Pick<LoaderFunctionArgs, "context">): RefusedForm | null {
  return context.get(refusedFormContext);
}
