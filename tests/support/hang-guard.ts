// Loaded before every test file (bunfig.toml, tests/ops/bunfig.toml). `bun test`'s own bound on one test is 5 s:
// a guess at speed that a busy machine breaks (the first test of a file also pays for its imports). Every wait in
// a test has the bound of what it waits for (tests/support/wait-until.ts), so this one only catches a test that
// hangs (docs/decisions/0040-a-quick-steady-check.md). A test may still set its own.
import { setDefaultTimeout } from "bun:test";

setDefaultTimeout(120_000);
