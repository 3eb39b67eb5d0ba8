ALTER TABLE "experience_logs" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "experience_logs" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
CREATE UNIQUE INDEX "experience_logs_trainee_idempotency_key" ON "experience_logs" USING btree ("trainee_id","idempotency_key");