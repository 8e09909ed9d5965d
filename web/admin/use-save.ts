import { useState } from "react";
import { failureText, isSessionEnd } from "./api";
import { type ResultState, useResult } from "./parts";

export type Saving = {
  busy: boolean;
  result: ResultState;
  /**
   * Runs `work` (which says its own success on `result`) with the form busy and its last result
   * cleared; a failure shows the server's words, else `failed` (`networkFailed` when the network
   * let it down). A session that ended shows the sign-in form instead (api.ts).
   */
  save: (work: () => Promise<void>, failed: string, networkFailed?: string) => Promise<void>;
};

/**
 * The save skeleton of an admin form: busy while it runs, one result after. A form with a second
 * action (an upload beside Save) passes the first one's result, so both speak in one place.
 */
export function useSave(shared?: ResultState): Saving {
  const [busy, setBusy] = useState(false);
  const own = useResult();
  const result = shared ?? own;
  async function save(work: () => Promise<void>, failed: string, networkFailed?: string) {
    setBusy(true);
    result.clear();
    try {
      await work();
    } catch (caught) {
      if (!isSessionEnd(caught)) result.fail(failureText(caught, failed, networkFailed));
    } finally {
      setBusy(false);
    }
  }
  return { busy, result, save };
}
