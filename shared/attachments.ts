/** Up to 5 attachments, 5 MB each, the size stated as a hint (docs/product.md#request-form). */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

const ACCEPTED_EXTENSIONS = /\.(stl|obj|pdf)$/i;

/** STL, OBJ or PDF by extension, or any image or PDF by type; anything else is dropped. */
function isAcceptedAttachment(file: { name: string; type: string }): boolean {
  return ACCEPTED_EXTENSIONS.test(file.name) || file.type.startsWith("image/") || file.type === "application/pdf";
}

export function acceptedAttachments<F extends { name: string; type: string }>(files: F[]): F[] {
  return files.filter(isAcceptedAttachment);
}
