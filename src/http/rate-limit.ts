import { isIP } from "node:net";
import { TooManyRequests } from "../errors";
import { canonicalAddress, type TrustedProxies } from "./trusted-proxies";

/**
 * A fixed-window counter per key, in memory: enough for one process on one
 * machine (the shop's shape). Old windows are dropped as keys are touched and
 * by a periodic prune so memory stays bounded.
 */
export function createRateLimiter({ limit, windowMs, now = () => Date.now() }: { limit: number; windowMs: number; now?: () => number }) {
  const windows = new Map<string, { start: number; count: number }>();

  function count(key: string) {
    const time = now();
    let window = windows.get(key);
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
    if (windows.size > 10_000) limiter.prune();
    return { window, allowed: window.count <= limit, retryAfterSeconds };
  }

  const limiter = {
    /** Counts one attempt; `allowed` is false from the (limit + 1)th in a window. */
    hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
      const { allowed, retryAfterSeconds } = count(key);
      return { allowed, retryAfterSeconds };
    },
    /**
     * Counts one attempt like hit(), for an attempt whose outcome decides whether it should have counted (a
     * sign-in: docs/decisions/0026-limits-and-working-days.md): takeBack() un-counts it, and does nothing once its window is over.
     */
    reserve(key: string): { allowed: boolean; retryAfterSeconds: number; takeBack(): void } {
      const { window, allowed, retryAfterSeconds } = count(key);
      let taken = false;
      return {
        allowed,
        retryAfterSeconds,
        takeBack() {
          if (taken || windows.get(key) !== window) return;
          taken = true;
          window.count -= 1;
        },
      };
    },
    prune(): void {
      const time = now();
      for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
    },
  };
  return limiter;
}

/**
 * A limit and what a refused caller is told: count() throws 429 with
 * Retry-After (the seconds left in the window) from the (limit + 1)th attempt
 * in a window. Without a message the caller gets TooManyRequests' own.
 */
export function createRateLimit({ message, ...window }: { limit: number; windowMs: number; message?: string; now?: () => number }) {
  const limiter = createRateLimiter(window);
  return {
    count(key: string): void {
      const attempt = limiter.hit(key);
      if (!attempt.allowed) throw new TooManyRequests(attempt.retryAfterSeconds, message);
    },
  };
}

/**
 * The address a limit counts against. The socket's peer, unless that peer is
 * one of the owner's reverse proxies (TRUST_PROXY): then X-Forwarded-For is
 * read from the right, each entry written by the hop after it, and the first
 * one that is not itself a trusted proxy is the shopper. Entries further left
 * came from the shopper's side and could say anything. Anyone who reaches the
 * port directly gets their own socket address, whatever headers they send.
 * An IPv6 address counts by its /64 (limitKey).
 */
export function clientAddress(request: Request, socketAddress: string | undefined, trusted: TrustedProxies | false): string {
  return limitKey(socketOrForwardedAddress(request, socketAddress, trusted));
}

function socketOrForwardedAddress(request: Request, socketAddress: string | undefined, trusted: TrustedProxies | false): string {
  const peer = socketAddress ? (canonicalAddress(socketAddress) ?? socketAddress) : "unknown";
  if (!trusted || !socketAddress || !trusted.includes(peer)) return peer;
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  let address = peer;
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = canonicalAddress(hops[index]!);
    // Not an address: nothing left of it can be placed, so the last hop known counts.
    if (!hop) break;
    address = hop;
    if (!trusted.includes(hop)) break;
  }
  return address;
}

/**
 * The IPv6 allocation (/48) an address key's /64 belongs to; an IPv4 address, or anything else, is itself. Where
 * guessing must stay slow (signing in, docs/decisions/0026-limits-and-working-days.md) one site's whole allocation counts as
 * one sender: a /48 holds 65,536 /64s, each of which would otherwise be a fresh limit.
 */
export function allocationKey(addressKey: string): string {
  if (!addressKey.endsWith("::/64")) return addressKey;
  return `${addressKey.slice(0, -"::/64".length).split(":").slice(0, 3).join(":")}::/48`;
}

/**
 * What one limit counts: an IPv4 address, or an IPv6 address's /64. One
 * household or server is handed a whole /64, so counting single IPv6
 * addresses would give one attacker billions of fresh limits.
 */
function limitKey(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  // A dotted IPv4 tail (64:ff9b::192.0.2.1) fills two groups.
  const rightGroups = right.length + (right.at(-1)?.includes(".") ? 1 : 0);
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - rightGroups).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
