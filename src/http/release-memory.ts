import { dlopen, FFIType } from "bun:ffi";
import { lazy } from "../../shared/lazy";

/**
 * glibc's malloc_trim, when the C library is glibc (Debian, the oven/bun
 * image); null elsewhere (musl), where there is nothing to call. Opened on
 * the first heavy upload, not at every start.
 */
const trim = lazy(() => {
  try {
    return dlopen("libc.so.6", { malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 } }).symbols.malloc_trim;
  } catch {
    return null;
  }
});

/**
 * Hands memory a finished piece of heavy work no longer uses back to the
 * system. The JavaScript heap is collected (Bun.gc also asks mimalloc to
 * purge), and libvips' pixel buffers, which live in glibc's malloc, are
 * trimmed: glibc keeps freed blocks for reuse, so without the trim each
 * decoded photo raised the floor the next upload started from.
 */
export function releaseMemory(): void {
  released += 1;
  Bun.gc(true);
  trim()?.(0);
}

let released = 0;

/** How many times memory has been released since the process started: each is a full collection, for tests and logs. */
export function memoryReleases(): number {
  return released;
}
