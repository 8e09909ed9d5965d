import { PageIntro } from "../components/PageIntro";
import { SHOP } from "../lib/shop-info";
import type { RouteHandle } from "./meta";

export const adminHandle: RouteHandle = {
  meta: () => ({ title: `Admin · ${SHOP.name}`, description: "The shop owner's area.", path: null }),
};

/** The owner's area arrives with the admin work; until then /admin says so plainly. */
export function AdminPage() {
  return (
    <div className="container narrow">
      <PageIntro title="Shop admin">
        <p>The owner's sign-in and management screens are not installed in this version of the shop yet.</p>
      </PageIntro>
    </div>
  );
}
