import type { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { rowId } from "../../db/row-id";
import { writeTransaction } from "../../db/transaction";
import { renderCustomRequestAcknowledgement, renderCustomRequestNotice } from "../../emails/custom-request";
import type { UploadStorage } from "../../services/storage/disk";
import { readShopIdentity } from "../content/service";
import { enqueueEmail } from "../outbox/service";
import type { UploadBudget } from "../uploads/upload-budget";
import type { CheckedAttachment, CustomRequestCreated, CustomRequestFields, QuoteDraft } from "./model";

export type CustomRequestService = ReturnType<typeof createCustomRequestService>;

// Crockford's base32, as order ids use: no I, L, O or U.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** REQ- and 16 characters carrying 80 random bits: never sequential, never guessable. */
function newRequestId(): string {
  let out = "";
  for (const byte of randomBytes(16)) out += ALPHABET[byte & 31];
  return `REQ-${out}`;
}

/**
 * Stores a custom print request with its files and queues its emails, all or
 * nothing. Files go to the upload storage first, like every upload; the rows
 * and the emails follow in one IMMEDIATE transaction, and on any failure every
 * file written is removed again. (A crash between the two leaves files no row
 * names, which the clean-up job removes: src/jobs/clean-uploads.ts.)
 */
export function createCustomRequestService({
  db,
  storage,
  publicUrl,
  ownerEmail,
  budget,
}: {
  db: Database;
  storage: UploadStorage;
  publicUrl: string;
  ownerEmail: string | undefined;
  budget: UploadBudget;
}) {
  const insertRequest = db.query<unknown, [string, string, string, string, string | null, string | null, string, string | null]>(
    "INSERT INTO custom_requests (id, name, email, details, material, color, address_hash, quote_draft) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertAttachment = db.query<unknown, [string, string, string, string, string, number]>(
    `INSERT INTO custom_request_attachments (id, request_id, filename, stored_name, content_type, size_bytes)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );

  return {
    /** `quoteDraft`: the lines an instant-price estimate filled in ("Ask for a price", src/modules/instant-prices/). */
    async submit(
      fields: CustomRequestFields,
      attachments: CheckedAttachment[],
      addressHash: string,
      quoteDraft: QuoteDraft | null = null,
    ): Promise<CustomRequestCreated> {
      const id = newRequestId();
      const summary = { id, ...fields, attachments: attachments.map((attachment) => attachment.filename) };
      const shop = readShopIdentity(db);
      const notice = ownerEmail ? renderCustomRequestNotice(summary, publicUrl, shop) : null;
      const acknowledgement = renderCustomRequestAcknowledgement(id, shop);

      const written: string[] = [];
      try {
        const files: (CheckedAttachment & { id: string; storedName: string })[] = [];
        for (const attachment of attachments) {
          const storedName = await storage.putAttachment(attachment.bytes, attachment.extension);
          written.push(storedName);
          files.push({ ...attachment, id: rowId("att"), storedName });
        }
        writeTransaction(db, () => {
          // The files count toward the sender's disk budget: checked with their real size under the write lock.
          if (files.length > 0)
            budget.admit(
              addressHash,
              files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
            );
          const draft = quoteDraft ? JSON.stringify(quoteDraft) : null;
          insertRequest.run(id, fields.name, fields.email, fields.details, fields.material, fields.color, addressHash, draft);
          for (const file of files) {
            insertAttachment.run(file.id, id, file.filename, file.storedName, file.contentType, file.bytes.byteLength);
          }
          if (notice && ownerEmail) {
            enqueueEmail(db, {
              dedupeKey: `custom-request-owner:${id}`,
              kind: "custom-request-owner",
              orderId: null,
              recipient: ownerEmail,
              ...notice,
            });
          }
          enqueueEmail(db, {
            dedupeKey: `custom-request-ack:${id}`,
            kind: "custom-request-ack",
            orderId: null,
            recipient: fields.email,
            ...acknowledgement,
          });
        });
      } catch (error) {
        for (const storedName of written) await storage.remove(storedName);
        throw error;
      }
      return { id, attachments: attachments.map(({ filename }) => ({ filename })) };
    },
  };
}
