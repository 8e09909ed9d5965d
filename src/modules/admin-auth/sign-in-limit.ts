import { TooManyRequests } from "../../errors";
import { allocationKey, createRateLimiter } from "../../http/rate-limit";
import { FAILING_FOR_MS, FAILING_REMEMBERED, LOGINS_PER_ADDRESS_PER_MINUTE, LOGINS_PER_MINUTE, TOO_MANY_LOGINS } from "./model";

const MINUTE = 60_000;

/** One sign-in let through to the password check; what it turned out to be decides what it counts. */
export type SignInTry = {
  /** A wrong password: it counts toward the address's and the shop's limits, and the address is failing. */
  failed(): void;
  /** The right password, or refused before the check (the two-at-a-time cap): it counts toward nothing. */
  uncounted(): void;
};

/** An address's record: its last wrong password, and its tries being checked now (which count as failing until settled). */
type AddressRecord = { failedAt: number | undefined; checking: number };

/**
 * The owner's sign-in limits (docs/decisions/0026-limits-and-working-days.md). Only wrong passwords count: 10 a minute per
 * address (an IPv6 /48 as one) and 60 a minute for the whole shop. When the shop's 60 are spent, an address that
 * has been failing (a wrong password in the last day, or a try still being checked) is refused, but one that has
 * not still has its password checked: no number of other addresses' wrong passwords keeps the owner out, and each
 * fresh address adds one guess a day. A try is counted while its password is checked and taken back unless it was
 * wrong, so tries at once cannot pass a limit and a try refused before the check counts toward nothing.
 */
export function createSignInLimit({ now = () => Date.now() }: { now?: () => number } = {}) {
  const perAddress = createRateLimiter({ limit: LOGINS_PER_ADDRESS_PER_MINUTE, windowMs: MINUTE, now });
  const shopWide = createRateLimiter({ limit: LOGINS_PER_MINUTE, windowMs: MINUTE, now });
  /** Oldest first (a wrong password moves its address to the end), so the bound forgets the longest-quiet. */
  const records = new Map<string, AddressRecord>();

  function isFailing(group: string): boolean {
    const record = records.get(group);
    if (!record) return false;
    const recent = record.failedAt !== undefined && now() - record.failedAt < FAILING_FOR_MS;
    if (!recent && record.checking === 0) records.delete(group);
    return recent || record.checking > 0;
  }

  /** Keeps an address's record as the newest, forgetting the longest-quiet beyond the bound. */
  function remember(group: string, record: AddressRecord): void {
    records.delete(group);
    records.set(group, record);
    if (records.size > FAILING_REMEMBERED) records.delete(records.keys().next().value!);
  }

  /** A try of `group` checked: wrong (`failedAt`, it is failing from now) or not counted. */
  function settle(group: string, failedAt?: number): void {
    const record = records.get(group) ?? { failedAt: undefined, checking: 1 };
    record.checking = Math.max(0, record.checking - 1);
    if (failedAt !== undefined) {
      record.failedAt = failedAt;
      remember(group, record);
    } else if (record.checking === 0 && record.failedAt === undefined) {
      records.delete(group);
    }
  }

  function refuse(retryAfterSeconds: number): never {
    throw new TooManyRequests(retryAfterSeconds, TOO_MANY_LOGINS);
  }

  return {
    /** Before the password is checked: throws 429 with Retry-After, counting nothing, or lets the try through. */
    admit(address: string): SignInTry {
      const group = allocationKey(address);
      const own = perAddress.reserve(group);
      if (!own.allowed) {
        own.takeBack();
        refuse(own.retryAfterSeconds);
      }
      const all = shopWide.reserve("all");
      if (!all.allowed && isFailing(group)) {
        all.takeBack();
        own.takeBack();
        refuse(all.retryAfterSeconds);
      }
      const record = records.get(group);
      if (record) record.checking += 1;
      else remember(group, { failedAt: undefined, checking: 1 });
      let settled = false;
      return {
        failed() {
          if (settled) return;
          settled = true;
          settle(group, now());
        },
        uncounted() {
          if (settled) return;
          settled = true;
          own.takeBack();
          all.takeBack();
          settle(group);
        },
      };
    },
  };
}
