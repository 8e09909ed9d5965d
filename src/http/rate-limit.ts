/**
 * A fixed-window counter per key, in memory: enough for one process on one
 * machine (the shop's shape). Old windows are dropped as keys are touched and
 * by a periodic prune so memory stays bounded.
 */
export function createRateLimiter({ limit, windowMs, now = () => Date.now() }: { limit: number; windowMs: number; now?: () => number }) {
  const windows = new Map<string, { start: number; count: number }>();

  return {
    /** Counts one attempt; `allowed` is false from the (limit + 1)th in a window. */
    hit(key: string): { allowed: boolean; retryAfterSeconds: number } {
      const time = now();
      let window = windows.get(key);
      if (!window || time - window.start >= windowMs) {
        window = { start: time, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - time) / 1000));
      if (windows.size > 10_000) this.prune();
      return { allowed: window.count <= limit, retryAfterSeconds };
    },
    prune(): void {
      const time = now();
      for (const [key, window] of windows) if (time - window.start >= windowMs) windows.delete(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * The address a limit counts against. X-Forwarded-For is believed only when
 * the owner says a reverse proxy (Caddy, nginx) stands in front of the shop
 * (TRUST_PROXY=true): then its last entry is what that proxy saw. Otherwise
 * the header could be anything an attacker likes, so the socket decides.
 */
export function clientAddress(request: Request, connectingAddress: string | undefined, trustProxy: boolean): string {
  const direct = connectingAddress ?? "unknown";
  if (!trustProxy) return direct;
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).pop();
  return last ?? direct;
}
