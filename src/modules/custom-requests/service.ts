import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { rmSync, renameSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { join } from "node:path";
import { writeTransaction } from "../../db/transaction";
import { renderCustomRequestAcknowledgement, renderCustomRequestNotice } from "../../emails/custom-request";
import { enqueueEmail } from "../outbox/service";
import type { UploadBudget } from "../uploads/upload-budget";
import type { CheckedAttachment, CustomRequestCreated, CustomRequestFields } from "./model";

export type CustomRequestService = ReturnType<typeof createCustomRequestService>;

// Crockford's base32, as order ids use: no I, L, O or U.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** REQ- and 16 characters carrying 80 random bits: never sequential, never guessable. */
export function newRequestId(): string {
  let out = "";
  for (const byte of randomBytes(16)) out += ALPHABET[byte & 31];
  return `REQ-${out}`;
}

/**
 * Stores a custom print request with its files and queues its emails, all or
 * nothing. Files are written under temporary names first; the rows, the
 * emails and the renames to final names happen in one IMMEDIATE transaction,
 * and on any failure every file written is removed again.
 */
export function createCustomRequestService({
  db,
  dataDir,
  publicUrl,
  ownerEmail,
  budget,
}: {
  db: Database;
  dataDir: string;
  publicUrl: string;
  ownerEmail: string | undefined;
  budget: UploadBudget;
}) {
  const uploadsDir = join(dataDir, "uploads");
  const insertRequest = db.query<unknown, [string, string, string, string, string | null, string | null, string]>(
    "INSERT INTO custom_requests (id, name, email, details, material, color, address_hash) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertAttachment = db.query<unknown, [string, string, string, string, string, number]>(
    `INSERT INTO custom_request_attachments (id, request_id, filename, stored_name, content_type, size_bytes)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  return {
    uploadsDir,

    async submit(fields: CustomRequestFields, attachments: CheckedAttachment[], addressHash: string): Promise<CustomRequestCreated> {
      const id = newRequestId();
      const files = attachments.map((attachment) => {
        const random = randomBytes(16).toString("hex");
        // r_ keeps these apart from product uploads (u_) in the same folder.
        const storedName = `r_${random}.${attachment.extension}`;
        return {
          ...attachment,
          id: `att_${randomBytes(12).toString("hex")}`,
          storedName,
          temporary: join(uploadsDir, `.r_${random}.part`),
          final: join(uploadsDir, storedName),
        };
      });
      const summary = { id, ...fields, attachments: files.map((file) => file.filename) };
      const notice = ownerEmail ? renderCustomRequestNotice(summary, publicUrl) : null;
      const acknowledgement = renderCustomRequestAcknowledgement(id);

      const written: string[] = [];
      try {
        if (files.length > 0) await mkdir(uploadsDir, { recursive: true, mode: 0o700 });
        for (const file of files) {
          written.push(file.temporary);
          await writeDurably(file.temporary, file.bytes);
        }
        writeTransaction(db, () => {
          // The files count toward the sender's disk budget: checked with their real size under the write lock.
          if (files.length > 0) budget.admit(addressHash, files.reduce((sum, file) => sum + file.bytes.byteLength, 0));
          insertRequest.run(id, fields.name, fields.email, fields.details, fields.material, fields.color, addressHash);
          for (const file of files) {
            insertAttachment.run(file.id, id, file.filename, file.storedName, file.contentType, file.bytes.byteLength);
          }
          if (notice && ownerEmail) {
            enqueueEmail(db, { dedupeKey: `custom-request-owner:${id}`, kind: "custom-request-owner", orderId: null, recipient: ownerEmail, ...notice });
          }
          enqueueEmail(db, { dedupeKey: `custom-request-ack:${id}`, kind: "custom-request-ack", orderId: null, recipient: fields.email, ...acknowledgement });
          // Last, so a failed rename rolls the rows back; a failed commit is cleaned up below.
          for (const file of files) {
            written.push(file.final);
            renameSync(file.temporary, file.final);
          }
        });
      } catch (error) {
        for (const path of written) rmSync(path, { force: true });
        throw error;
      }
      return { id };
    },
  };
}

async function writeDurably(path: string, bytes: Uint8Array): Promise<void> {
  const handle = await open(path, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
