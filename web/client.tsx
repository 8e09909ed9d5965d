import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandLoaders, type IslandName } from "./islands/registry";

/**
 * The only script every storefront page loads. It hydrates the islands the
 * server marked, fetching each island's chunk only when the page has one.
 */
function hydrateIslands(): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const name = element.dataset.island as IslandName;
    const load = islandLoaders[name];
    if (!load) {
      console.error(`Unknown island "${name}"`);
      continue;
    }
    const props: object = JSON.parse(element.dataset.props ?? "{}");
    load()
      .then((Component) => {
        hydrateRoot(element, createElement(Component, props));
      })
      .catch((error: unknown) => console.error(`Island "${name}" failed to load`, error));
  }
}

hydrateIslands();
