DROP INDEX "paper_forms_live";--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_forms_live" ON "paper_forms" USING btree ("trainee_supervisor_id","month","experience_type_id") WHERE "paper_forms"."deleted_at" is null and "paper_forms"."voided_at" is null;