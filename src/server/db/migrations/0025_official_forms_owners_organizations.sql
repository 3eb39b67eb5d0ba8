DROP INDEX "fvf_templates_variant";--> statement-breakpoint
ALTER TABLE "fvf_templates" ADD COLUMN "sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "month_forms" ADD COLUMN "template_source" text DEFAULT 'folder' NOT NULL;--> statement-breakpoint
ALTER TABLE "month_forms" ADD COLUMN "template_sha256" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "month_forms" ADD COLUMN "organization" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "trainee_supervisors" ADD COLUMN "organization" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "fvf_templates_owner_variant" ON "fvf_templates" USING btree ("uploaded_by","variant_id");