import { MIN_ADMIN_PASSWORD_LENGTH as MIN_LENGTH } from "../src/env";
import { OWNER_PASSWORD_COST } from "../src/modules/admin-auth/password";

// Prints an argon2id hash of the owner's password for ADMIN_PASSWORD_HASH, so
// the plain password need not sit in the server's environment.
// Usage: `bun run hash-password` (asks), or `echo 'secret' | bun run hash-password`.

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return (await new Response(Bun.stdin.stream()).text()).replace(/\r?\n$/, "");
  const answer = prompt(`Owner password (at least ${MIN_LENGTH} characters):`);
  return answer ?? "";
}

const password = await readPassword();
if (password.length < MIN_LENGTH) {
  console.error(`The password must be at least ${MIN_LENGTH} characters long.`);
  process.exit(1);
}
const hash = await Bun.password.hash(password, { algorithm: "argon2id", ...OWNER_PASSWORD_COST });
console.log(`ADMIN_PASSWORD_HASH='${hash}'`);
