CREATE TABLE "monthly_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"supervisor_user_id" integer,
	"trainee_supervisor_id" integer,
	"date" date NOT NULL,
	"document" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "monthly_documents" ADD CONSTRAINT "monthly_documents_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_documents" ADD CONSTRAINT "monthly_documents_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monthly_documents" ADD CONSTRAINT "monthly_documents_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monthly_documents_trainee_date" ON "monthly_documents" USING btree ("trainee_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_documents_one_a_day" ON "monthly_documents" USING btree ("trainee_id","supervisor_user_id","date");