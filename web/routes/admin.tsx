import { ADMIN_MOUNT_ID } from "../admin/mount";
import { useShop } from "../lib/use-shop";
import type { RouteHandle } from "./meta";

export const adminHandle: RouteHandle = {
  policy: { audience: "personal" },
  meta: (_data, shop) => ({ title: `Admin · ${shop.name}`, description: "The shop owner's area.", path: null }),
  clientApp: "admin",
};

/**
 * The owner's area (/admin and everything under it) is one client-side app,
 * web/admin/main.tsx. The server sends the shell in its first state, the
 * session check (docs/product.md#signing-in), and the app takes over the mount element.
 */
export function AdminPage() {
  return (
    <div className="container admin" id={ADMIN_MOUNT_ID} data-shop-name={useShop().name}>
      <p className="admin-checking" role="status">
        Checking session...
      </p>
    </div>
  );
}
