import { useCallback, useEffect, useState } from "react";
import { failureText, isSessionEnd } from "./api";

export type Loaded<T> = { data: T | null; error: string; loading: boolean; reload: () => Promise<void> };

/**
 * Loads a page's data on mount; `reload` runs the same call again (after a
 * save, say). A failure keeps the page's load message
 * (docs/product.md#messages), or the server's words.
 */
export function useLoad<T>(load: () => Promise<T>, failure: string): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page passes a fixed loader
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await load());
      setError("");
    } catch (caught) {
      if (!isSessionEnd(caught)) setError(failureText(caught, failure));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, error, loading, reload };
}
