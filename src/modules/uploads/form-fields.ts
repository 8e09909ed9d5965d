import { PayloadTooLarge } from "../../errors";

/** The named file of a form, or null when none was chosen (browsers send an empty part then). */
export function formFile(form: FormData, field: string, fileLimitBytes: number, tooLargeMessage: string): File | null {
  const value = form.get(field);
  if (!(value instanceof Blob) || value.size === 0) return null;
  if (value.size > fileLimitBytes) throw new PayloadTooLarge(tooLargeMessage);
  return value instanceof File ? value : new File([value], "");
}

export function formText(form: FormData, field: string): string | undefined {
  const value = form.get(field);
  return typeof value === "string" ? value : undefined;
}
