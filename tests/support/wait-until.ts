/**
 * The bound of a wait on something that will come, however busy the machine (a process starting, a replica catching
 * up): it only ends a wait that would never end, so it is set far past any real wait (the check's own hang guard).
 */
export const HANG_GUARD_MS = 120_000;

/**
 * Waits until `check` is true, asking again every few milliseconds, and fails
 * with "Timed out waiting for <what>" once `timeoutMs` has passed without it:
 * a test waits for the thing it needs, never for a fixed time, and never for ever.
 * `check` may be async (a request, a Litestream restore); each is awaited before the next.
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(10);
  }
}
