-- The admin said "Tracking emailed to the customer on …" because
-- this column was stamped when the tracking email was queued, even with no mail
-- service set up, so the email never left the outbox. The time is now read from the
-- outbox itself (the newest tracking email whose row was sent; see
-- trackingNotifiedAt in src/modules/orders/service.ts), so the stored copy that
-- could disagree with it goes.
ALTER TABLE orders DROP COLUMN tracking_notified_at;
