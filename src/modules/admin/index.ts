import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { PERSONAL, routePolicy } from "../../http/route-policy";
import { mailDeliveryConfigured } from "../../jobs/deliver-outbox";
import { adminAppRoutes } from "../admin-app";
import { adminAuthRoutes, adminGuard } from "../admin-auth";
import { adminCatalogRoutes, UPLOAD_IMAGE_ROUTE } from "../admin-catalog";
import { adminContentRoutes } from "../admin-content";
import { adminOrderRoutes } from "../admin-orders";
import { adminRequestRoutes } from "../admin-requests";
import { adminAlertRoutes } from "../alerts";
import { adminDiscountCodeRoutes } from "../discount-codes";
import { adminGiftVoucherRoutes } from "../gift-vouchers";
import { adminHoldRoutes } from "../holds";
import { adminPricingRoutes, CALIBRATION_ROUTE } from "../instant-prices";
import { adminMoneyRoutes } from "../money";
import { packingSlipRoutes } from "../packing-slips";
import { adminQuoteRoutes } from "../quotes";

/**
 * The owner's API, all of it personal (src/http/route-policy.ts): never kept,
 * never cached, declared once here for every admin module. Login and logout
 * come first; every route registered after the guard (all the others) needs a
 * live session, a same-site request and, for writes, a JSON body (multipart on
 * the upload route only). A route added to any of these modules is guarded
 * and personal without further thought — tests/api/admin-auth.test.ts and
 * tests/api/route-policy.test.ts enumerate them.
 */
export function adminRoutes(deps: Deps) {
  return new Elysia({ name: "admin" }).use(routePolicy).guard({ policy: PERSONAL }, (owner) =>
    owner
      .use(adminAuthRoutes(deps))
      // The manifest, service worker and icons: asked for without the session cookie, and holding nothing personal.
      .use(adminAppRoutes(deps))
      .onBeforeHandle(adminGuard(deps, [UPLOAD_IMAGE_ROUTE, CALIBRATION_ROUTE]))
      // emailConfigured drives the admin's "Email is not set up" banner on every page.
      .get("/api/admin/session", () => ({ signedIn: true, emailConfigured: mailDeliveryConfigured(deps.env) }))
      .use(adminCatalogRoutes(deps))
      .use(adminOrderRoutes(deps))
      .use(packingSlipRoutes(deps))
      .use(adminRequestRoutes(deps))
      .use(adminQuoteRoutes(deps))
      .use(adminHoldRoutes(deps))
      .use(adminContentRoutes(deps))
      .use(adminDiscountCodeRoutes(deps))
      .use(adminGiftVoucherRoutes(deps))
      .use(adminPricingRoutes(deps))
      .use(adminMoneyRoutes(deps))

      .use(adminAlertRoutes(deps)),
  );
}
