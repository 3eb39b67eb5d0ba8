CREATE TABLE "record_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"trainee_supervisor_id" integer,
	"form_type" text NOT NULL,
	"form_date" date,
	"title" text NOT NULL,
	"description" text,
	"notes" text DEFAULT '' NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"confirmed_downloaded" boolean NOT NULL,
	"confirmed_signed" boolean NOT NULL,
	"confirmed_filled" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_files" ADD CONSTRAINT "record_files_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_files_trainee" ON "record_files" USING btree ("trainee_id","form_type");--> statement-breakpoint
CREATE UNIQUE INDEX "record_files_storage_key" ON "record_files" USING btree ("storage_key");