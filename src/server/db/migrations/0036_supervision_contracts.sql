CREATE TABLE "consultation_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"supervisor_user_id" integer NOT NULL,
	"met_on" date NOT NULL,
	"consultant_name" text NOT NULL,
	"consultant_bacb_id" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"trainee_id" integer NOT NULL,
	"party" text NOT NULL,
	"trainee_supervisor_id" integer,
	"user_id" integer,
	"typed_name" text,
	"signed_on" date,
	"intent" text,
	"signed_revision" integer,
	"signed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"trainee_id" integer NOT NULL,
	"version" integer NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"completed_on" date,
	"storage_key" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"sha256" text,
	"declared_signers" text[],
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervision_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"trainee_supervisor_id" integer NOT NULL,
	"structure_key" text NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_on" date,
	"ended_reason" text,
	"ended_by" integer,
	"ended_at" timestamp with time zone,
	"discarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "certified_on" date;--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "training_completed_on" date;--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "training_certificate_key" text;--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "training_certificate_name" text;--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "training_certificate_type" text;--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "consulting_supervisor_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "supervisor_profiles" ADD COLUMN "consulting_supervisor_bacb_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pathway" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_class_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contract_rule_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contract_ask_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consultation_meetings" ADD CONSTRAINT "consultation_meetings_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_version_id_contract_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."contract_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_contract_id_supervision_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."supervision_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_contracts" ADD CONSTRAINT "supervision_contracts_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_contracts" ADD CONSTRAINT "supervision_contracts_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_contracts" ADD CONSTRAINT "supervision_contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervision_contracts" ADD CONSTRAINT "supervision_contracts_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_meetings_supervisor" ON "consultation_meetings" USING btree ("supervisor_user_id","met_on");--> statement-breakpoint
CREATE INDEX "contract_signatures_version" ON "contract_signatures" USING btree ("version_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signatures_trainee" ON "contract_signatures" USING btree ("version_id") WHERE "contract_signatures"."party" = 'trainee';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signatures_supervisor" ON "contract_signatures" USING btree ("version_id","trainee_supervisor_id") WHERE "contract_signatures"."party" = 'supervisor';--> statement-breakpoint
CREATE UNIQUE INDEX "contract_versions_number" ON "contract_versions" USING btree ("contract_id","version");--> statement-breakpoint
CREATE INDEX "contract_versions_trainee" ON "contract_versions" USING btree ("trainee_id");--> statement-breakpoint
CREATE INDEX "supervision_contracts_trainee" ON "supervision_contracts" USING btree ("trainee_id");--> statement-breakpoint
CREATE INDEX "supervision_contracts_record" ON "supervision_contracts" USING btree ("trainee_supervisor_id");--> statement-breakpoint
-- Issue 39: what a contract, its versions and signatures say decides which hours count, and so does
-- the trainee's pathway and first class: each change gives the trainee a new progress revision.
CREATE TRIGGER progress_revision_contracts AFTER INSERT OR UPDATE OR DELETE ON supervision_contracts
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();--> statement-breakpoint
CREATE TRIGGER progress_revision_contract_versions AFTER INSERT OR UPDATE OR DELETE ON contract_versions
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();--> statement-breakpoint
CREATE TRIGGER progress_revision_contract_signatures AFTER INSERT OR UPDATE OR DELETE ON contract_signatures
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();--> statement-breakpoint
CREATE FUNCTION progress_revision_user_apply() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  PERFORM progress_revision_bump(NEW.id);
  RETURN NULL;
END
$function$;--> statement-breakpoint
CREATE TRIGGER progress_revision_start_of_fieldwork AFTER UPDATE OF pathway, first_class_on, contract_rule_on ON users
  FOR EACH ROW EXECUTE FUNCTION progress_revision_user_apply();
