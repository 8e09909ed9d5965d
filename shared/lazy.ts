/**
 * `make()`'s value, made on the first call and kept. For what is costly to make and not needed by every
 * process or page: the first Intl date formatter of a process loads ICU's date patterns (~11 ms), which
 * every cold start paid while importing modules whose formatters its first page never used (decision 0008).
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
