import { SHOP } from "../../shared/shop-info";
import { ADMIN_MOUNT_ID } from "../admin/mount";
import type { RouteHandle } from "./meta";

export const adminHandle: RouteHandle = {
  policy: { audience: "personal" },
  meta: () => ({ title: `Admin · ${SHOP.name}`, description: "The shop owner's area.", path: null }),
  clientApp: "admin",
};

/**
 * The owner's area (/admin and everything under it) is one client-side app,
 * web/admin/main.tsx. The server sends the shell in its first state, the
 * session check (spec section 4), and the app takes over the mount element.
 */
export function AdminPage() {
  return (
    <div className="container admin" id={ADMIN_MOUNT_ID}>
      <p className="admin-checking" role="status">
        Checking session...
      </p>
    </div>
  );
}
