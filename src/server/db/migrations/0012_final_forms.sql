DROP INDEX "month_forms_live";--> statement-breakpoint
ALTER TABLE "month_forms" ADD COLUMN "kind" text DEFAULT 'monthly' NOT NULL;--> statement-breakpoint
ALTER TABLE "month_forms" ADD COLUMN "from_month" text;--> statement-breakpoint
ALTER TABLE "month_forms" ADD COLUMN "months_counted" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "month_forms_final_live" ON "month_forms" USING btree ("trainee_supervisor_id","experience_type_id") WHERE "month_forms"."voided_at" is null and "month_forms"."kind" = 'final';--> statement-breakpoint
CREATE UNIQUE INDEX "month_forms_live" ON "month_forms" USING btree ("trainee_supervisor_id","month","experience_type_id") WHERE "month_forms"."voided_at" is null and "month_forms"."kind" = 'monthly';--> statement-breakpoint
ALTER TABLE "month_forms" ADD CONSTRAINT "month_forms_period" CHECK (("month_forms"."kind" = 'monthly' and "month_forms"."from_month" is null and "month_forms"."months_counted" is null) or ("month_forms"."kind" = 'final' and "month_forms"."from_month" <= "month_forms"."month" and "month_forms"."months_counted" >= 0));