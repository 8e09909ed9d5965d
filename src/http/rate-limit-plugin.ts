import { Elysia } from "elysia";
import { clientAddress } from "./rate-limit";
import type { TrustedProxies } from "./trusted-proxies";

/**
 * Gives every handler of the module that uses it `address`: who sent the
 * request (clientAddress, TRUST_PROXY applied), the key every per-address
 * limit counts against and what heavy work and upload budgets are held to.
 * A route then limits itself in one line, where its checks put it:
 * `rateLimits.orderLookups.count(address)` (the limits are built once, in
 * src/rate-limits.ts). Scoped: it reaches the module's own routes, no further.
 */
export function clientAddressPlugin(trusted: TrustedProxies | false) {
  return new Elysia().derive({ as: "scoped" }, ({ request, server }) => ({
    address: clientAddress(request, server?.requestIP(request)?.address, trusted),
  }));
}
