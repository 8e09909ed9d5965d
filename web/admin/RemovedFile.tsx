import { type RemovedFile, removedFileText } from "../../shared/removed-file";

/**
 * In place of a deleted file's preview and download link, the line saying when it was deleted
 * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
 */
export function RemovedFileLine({ file }: { file: Pick<RemovedFile, "name" | "removed_at"> }) {
  return <p className="removed-file">{removedFileText(file)}</p>;
}
