/** Wrong passwords per address (an IPv6 allocation, /48, counts as one address): enough for a typo or two, far too few to guess a password. */
export const LOGINS_PER_ADDRESS_PER_MINUTE = 10;
/**
 * Wrong passwords for the whole shop, so many addresses together cannot guess either. Once they are spent,
 * only an address that has not been failing has its password checked, so the owner is never kept out
 * (docs/decisions/0026-limits-and-working-days.md).
 */
export const LOGINS_PER_MINUTE = 60;
/** How long an address that gave a wrong password stays "failing": one wrong password a day is all a fresh address adds. */
export const FAILING_FOR_MS = 24 * 60 * 60_000;
/** Failing addresses remembered at most (about 2 MB); beyond this the oldest are forgotten first. */
export const FAILING_REMEMBERED = 20_000;
export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a minute and try again.";
