import { useEffect, useRef, useState } from "react";

/** What the last press of a Copy button came to; said for 3 seconds (the shop's success notes' time). */
export type CopyState = "idle" | "copied" | "failed";

const SAID_FOR_MS = 3_000;

/** The one way a Copy button copies: puts `text` on the clipboard and says, for 3 seconds, whether it did. */
export function useCopyText(text: string): { state: CopyState; copy: () => Promise<void> } {
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
    } catch {
      setState("failed");
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), SAID_FOR_MS);
  }
  return { state, copy };
}

/** Whether this browser can copy at all: the clipboard is only there on https (or localhost). */
export function canCopy(): boolean {
  return typeof navigator !== "undefined" && typeof navigator.clipboard?.writeText === "function";
}
