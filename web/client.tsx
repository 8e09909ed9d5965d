import { createElement, type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { type IslandName, islandLoaders } from "./islands/registry";

/**
 * The only script every storefront page loads. It hydrates the islands the
 * server marked, fetching each island's chunk only when the page has one.
 * Once every island has hydrated (or failed to load), `<html data-hydrated>`
 * is set: until then a typed character or a chosen file can be wiped by
 * React taking over the element, so the browser stories wait for it.
 */
function hydrateIslands(): void {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  let pending = elements.length;
  const settled = () => {
    pending -= 1;
    if (pending <= 0) document.documentElement.dataset.hydrated = "true";
  };
  if (pending === 0) document.documentElement.dataset.hydrated = "true";

  for (const element of elements) {
    const name = element.dataset.island as IslandName;
    const load = islandLoaders[name];
    if (!load) {
      console.error(`Unknown island "${name}"`);
      settled();
      continue;
    }
    const props: object = JSON.parse(element.dataset.props ?? "{}");
    load()
      .then((Component) => {
        hydrateRoot(element, createElement(WhenHydrated, { onHydrated: settled }, createElement(Component, props)));
      })
      .catch((error: unknown) => {
        console.error(`Island "${name}" failed to load`, error);
        settled();
      });
  }
}

/** Renders nothing of its own (the server's markup is unchanged); its effect runs once the island has hydrated. */
function WhenHydrated({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the island has hydrated; later renders must not call it again
  useEffect(onHydrated, []);
  return children;
}

hydrateIslands();
