CREATE TABLE "form_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_supervisor_id" integer NOT NULL,
	"month" text NOT NULL,
	"recipient" text NOT NULL,
	"days_before" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fvf_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"trainee_supervisor_id" integer NOT NULL,
	"month" text NOT NULL,
	"experience_type_id" integer NOT NULL,
	"variant_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"independent_minutes" integer NOT NULL,
	"supervised_minutes" integer NOT NULL,
	"total_minutes" integer NOT NULL,
	"observation_minutes" integer NOT NULL,
	"trainee_signed_at" timestamp with time zone,
	"trainee_signed_name" text,
	"trainee_signed_on" date,
	"supervisor_signed_at" timestamp with time zone,
	"supervisor_signed_name" text,
	"supervisor_signed_on" date,
	"supervisor_signed_by" integer,
	"completed_on" date,
	"record_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	CONSTRAINT "month_forms_minutes" CHECK ("month_forms"."independent_minutes" >= 0 and "month_forms"."supervised_minutes" >= 0 and "month_forms"."total_minutes" = "month_forms"."independent_minutes" + "month_forms"."supervised_minutes" and "month_forms"."observation_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bacb_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fieldwork_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "fieldwork_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_reminders" ADD CONSTRAINT "form_reminders_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fvf_templates" ADD CONSTRAINT "fvf_templates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_forms" ADD CONSTRAINT "month_forms_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_forms" ADD CONSTRAINT "month_forms_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_forms" ADD CONSTRAINT "month_forms_supervisor_signed_by_users_id_fk" FOREIGN KEY ("supervisor_signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_forms" ADD CONSTRAINT "month_forms_record_file_id_record_files_id_fk" FOREIGN KEY ("record_file_id") REFERENCES "public"."record_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_forms" ADD CONSTRAINT "month_forms_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_reminders_once" ON "form_reminders" USING btree ("trainee_supervisor_id","month","recipient","days_before");--> statement-breakpoint
CREATE UNIQUE INDEX "fvf_templates_variant" ON "fvf_templates" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fvf_templates_storage_key" ON "fvf_templates" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "month_forms_trainee_month" ON "month_forms" USING btree ("trainee_id","month");--> statement-breakpoint
CREATE INDEX "month_forms_supervisor_month" ON "month_forms" USING btree ("trainee_supervisor_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "month_forms_live" ON "month_forms" USING btree ("trainee_supervisor_id","month","experience_type_id") WHERE "month_forms"."voided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "month_forms_storage_key" ON "month_forms" USING btree ("storage_key");