DROP INDEX "paper_forms_live";--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "declared_by" integer;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "confirmed_by" integer;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_declared_by_users_id_fk" FOREIGN KEY ("declared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_forms_live" ON "paper_forms" USING btree ("trainee_supervisor_id","month","experience_type_id") WHERE "paper_forms"."deleted_at" is null and "paper_forms"."voided_at" is null;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_one_answer" CHECK ("paper_forms"."confirmed_at" is null or "paper_forms"."rejected_at" is null);--> statement-breakpoint
-- Hand-written: the paper forms recorded so far were declared by their trainee, the only one
-- who records them (issue 36); none is confirmed yet.
UPDATE "paper_forms" SET "declared_by" = "trainee_id" WHERE "declared_by" IS NULL;
