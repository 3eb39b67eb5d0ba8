ALTER TABLE "outbox_emails" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_emails_due" ON "outbox_emails" USING btree ("next_attempt_at") WHERE "outbox_emails"."next_attempt_at" is not null;--> statement-breakpoint
-- Mails tried before retries existed were tried once; none of them is retried.
UPDATE "outbox_emails" SET "attempts" = 1 WHERE "transport" = 'smtp' AND ("sent_at" IS NOT NULL OR "error" IS NOT NULL);
