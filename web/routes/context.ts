import { createContext, type LoaderFunctionArgs } from "react-router";
import type { Deps } from "../../src/deps";

/** How page loaders reach the server's services: set per request by src/ssr/render.tsx. */
export const depsContext = createContext<Deps>();

export function depsOf({ context }: Pick<LoaderFunctionArgs, "context">): Deps {
  return context.get(depsContext);
}
