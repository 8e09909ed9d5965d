import type { ComponentType } from "react";
import type { IslandName } from "../islands/registry";

/**
 * Renders an interactive component on the server and marks it for the browser:
 * web/client.tsx finds the marker, loads that island's chunk and hydrates it
 * with the same props. Props must be plain JSON data.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
