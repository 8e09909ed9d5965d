import { createContext, type LoaderFunctionArgs } from "react-router";
import type { Deps } from "../../src/deps";

/** How page loaders reach the server's services: set per request by src/ssr/render.tsx. */
export const depsContext = createContext<Deps>();

/**
 * A form post the server refused, re-shown on its page: the problem as a code
 * from the page's fixed list, and what was typed. It travels in the render,
 * never in a URL, so neither a message nor a shopper's details sit in a query string.
 */
export type RefusedForm = { errorCode: string; typed: Record<string, string> };
export const refusedFormContext = createContext<RefusedForm | null>(null);

export function depsOf({ context }: Pick<LoaderFunctionArgs, "context">): Deps {
  return context.get(depsContext);
}

export function refusedFormOf({ context }: Pick<LoaderFunctionArgs, "context">): RefusedForm | null {
  return context.get(refusedFormContext);
}
