CREATE TABLE "paper_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"trainee_supervisor_id" integer NOT NULL,
	"month" text NOT NULL,
	"experience_type_id" integer NOT NULL,
	"signed_on" date NOT NULL,
	"record_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_record_file_id_record_files_id_fk" FOREIGN KEY ("record_file_id") REFERENCES "public"."record_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paper_forms" ADD CONSTRAINT "paper_forms_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paper_forms_trainee_month" ON "paper_forms" USING btree ("trainee_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "paper_forms_live" ON "paper_forms" USING btree ("trainee_supervisor_id","month","experience_type_id") WHERE "paper_forms"."deleted_at" is null;--> statement-breakpoint
-- A paper form changes what counts (decision 024): the trainee's progress revision follows it,
-- as it follows month_forms (migration 0017). The forms a month is split by are named after
-- the supervisor records and grouped by their organization, so a change to those follows too.
CREATE TRIGGER progress_revision_paper_forms AFTER INSERT OR UPDATE OR DELETE ON paper_forms
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();
--> statement-breakpoint
CREATE TRIGGER progress_revision_paper_forms_truncate AFTER TRUNCATE ON paper_forms
  FOR EACH STATEMENT EXECUTE FUNCTION progress_revision_forget_all();
--> statement-breakpoint
CREATE TRIGGER progress_revision_supervisor_records AFTER UPDATE OF organization, name, lastname ON trainee_supervisors
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();
