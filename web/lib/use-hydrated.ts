import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React owns the
 * island. Controls that only work with JavaScript render disabled until then,
 * so a click that lands before the island's script has run is not silently lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
