-- Shoppers' files are kept no longer than needed
-- (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md). The files of a
-- dispatched order (its GPX routes and photos, and a quoted order's request
-- attachments) are deleted `upload_retention_days` after dispatch by the
-- clean-up job (src/jobs/remove-dispatched-files.ts). The row stays, with
-- when its file went, so the order can say the file was deleted instead of
-- showing a broken link or picture; a GPX row's details (the route's points)
-- are emptied at the same time.
ALTER TABLE uploads ADD COLUMN removed_at TEXT;
ALTER TABLE custom_request_attachments ADD COLUMN removed_at TEXT;
