/** Per address: enough for a typo or two, far too few to guess a password. */
export const LOGINS_PER_ADDRESS_PER_MINUTE = 10;
/**
 * For the whole shop, so many addresses together cannot guess either. Only
 * attempts an address's own limit let through count here: one address can
 * add at most 10 a minute, so a flood from it never keeps the owner out.
 */
export const LOGINS_PER_MINUTE = 60;
export const TOO_MANY_LOGINS = "Too many sign-in attempts. Please wait a minute and try again.";
