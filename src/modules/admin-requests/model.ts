import { z } from "zod";
import { cursorField, readMomentPosition } from "../../http/page-cursor";
import type { CustomRequestFields, QuoteDraft } from "../custom-requests/model";

export type { QuoteDraft };

export const REQUEST_NOT_FOUND = "Custom request not found.";
const BAD_CURSOR = "This cursor is not one the custom requests list gave. Start again from the first page (leave out cursor).";

/** Requests per page of the owner's list: the server answers at most this many, and X-Next-Cursor when more follow. */
export const CUSTOM_REQUESTS_PAGE_SIZE = 50;

/** GET /api/admin/custom-requests?cursor=: nothing passed is the first page, newest first (docs/decisions/0059-every-list-bounded.md). */
export const requestListQuerySchema = z.object({
  cursor: cursorField(readMomentPosition, BAD_CURSOR),
});

const STATUS = "Status must be open, in_progress, completed or cancelled.";

/** The owner can set any of these at any time (docs/product.md#request-status). */
const CUSTOM_REQUEST_STATUSES = ["open", "in_progress", "completed", "cancelled"] as const;
export type CustomRequestStatus = (typeof CUSTOM_REQUEST_STATUSES)[number];

export const requestStatusSchema = z.object({ status: z.enum(CUSTOM_REQUEST_STATUSES, { error: STATUS }) }, { error: STATUS });

/** The custom request of docs/product.md#custom-request, as the admin reads it: the form's fields as stored, and the owner's status. */
export type CustomRequest = CustomRequestFields & {
  id: string;
  status: CustomRequestStatus;
  created_at: string;
  /**
   * `removed_at`: when the file was deleted after the quoted order was dispatched
   * (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md); its download is then 404.
   */
  attachments: RequestAttachment[];
};
export type RequestAttachment = { id: string; filename: string; removed_at: string | null };

/** One request as its screen reads it: with the quote draft "Ask for a price" filled in, or null. */
export type CustomRequestDetail = CustomRequest & { quote_draft: QuoteDraft | null };

/** Where an attachment's bytes are and what to call them when downloaded. */
export type StoredFile = { stored_name: string; filename: string; content_type: string };
