import type { Env } from "../../env";

type PasswordSettings = Pick<Env, "ADMIN_PASSWORD" | "ADMIN_PASSWORD_HASH">;

/**
 * Checks the owner's password against ADMIN_PASSWORD_HASH (argon2id from
 * `bun run hash-password`) or, failing that, ADMIN_PASSWORD, hashed once on
 * first use so every check costs the same argon2 work either way. With no
 * password configured (development only; production refuses to start)
 * nobody can sign in.
 */
export function createPasswordCheck(env: PasswordSettings) {
  let hash: Promise<string | null> | undefined;
  const stored = () =>
    (hash ??= env.ADMIN_PASSWORD_HASH
      ? Promise.resolve(env.ADMIN_PASSWORD_HASH)
      : env.ADMIN_PASSWORD
        ? Bun.password.hash(env.ADMIN_PASSWORD, "argon2id")
        : Promise.resolve(null));

  return {
    configured: Boolean(env.ADMIN_PASSWORD_HASH || env.ADMIN_PASSWORD),
    async verify(password: string): Promise<boolean> {
      const expected = await stored();
      if (!expected || password.length === 0 || password.length > 1024) return false;
      try {
        return await Bun.password.verify(password, expected);
      } catch (error) {
        console.error("ADMIN_PASSWORD_HASH could not be checked; is it a hash from `bun run hash-password`?", error);
        return false;
      }
    },
  };
}

export type PasswordCheck = ReturnType<typeof createPasswordCheck>;

/** Where the password comes from, for the boot log (never the password itself). */
export function passwordSource(env: PasswordSettings): string {
  if (env.ADMIN_PASSWORD_HASH) return "Admin sign-in: password checked against ADMIN_PASSWORD_HASH.";
  if (env.ADMIN_PASSWORD) return "Admin sign-in: password from ADMIN_PASSWORD.";
  return "Admin sign-in: no ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set, so nobody can sign in to /admin (set ADMIN_PASSWORD in .env to try it).";
}
