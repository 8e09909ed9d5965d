import { type RemovedFile, removedFileText } from "../../shared/removed-file";

/** Issue 16: in place of a deleted file's preview and download link, the line saying when it was deleted. */
export function RemovedFileLine({ file }: { file: Pick<RemovedFile, "name" | "removed_at"> }) {
  return <p className="removed-file">{removedFileText(file)}</p>;
}
