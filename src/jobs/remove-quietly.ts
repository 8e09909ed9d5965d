import { errorFields, log } from "../log";
import type { UploadStorage } from "../services/storage/disk";

/** Removes one stored file for a clean-up job; one stubborn file must not stop the rest, and it is tried again next run. */
export async function removeQuietly(storage: UploadStorage, name: string): Promise<boolean> {
  try {
    await storage.remove(name);
    return true;
  } catch (error) {
    log("error", "an upload file could not be removed", { job: "clean-uploads", file: name, ...errorFields(error) });
    return false;
  }
}
