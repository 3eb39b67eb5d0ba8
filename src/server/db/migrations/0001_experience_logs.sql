CREATE TABLE "experience_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"trainee_supervisor_id" integer NOT NULL,
	"experience_type_id" integer NOT NULL,
	"setting_id" integer NOT NULL,
	"date_of_experience" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"experience_minutes" integer NOT NULL,
	"unrestricted_minutes" integer NOT NULL,
	"restricted_minutes" integer NOT NULL,
	"individual_or_group" text NOT NULL,
	"method_of_supervision" text,
	"supervision_start_minute" integer,
	"supervision_end_minute" integer,
	"supervised_minutes" integer NOT NULL,
	"independent_minutes" integer NOT NULL,
	"client_observation" text,
	"supervision_contact_id" integer,
	"experience_note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"flag_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status_changed_at" timestamp with time zone,
	"status_changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "log_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"log_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_tasks" (
	"log_id" integer NOT NULL,
	"task_id" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainee_supervisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"name" text NOT NULL,
	"lastname" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"supervisor_user_id" integer,
	"invited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "experience_logs" ADD CONSTRAINT "experience_logs_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_logs" ADD CONSTRAINT "experience_logs_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_logs" ADD CONSTRAINT "experience_logs_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_history" ADD CONSTRAINT "log_history_log_id_experience_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."experience_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_history" ADD CONSTRAINT "log_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_tasks" ADD CONSTRAINT "log_tasks_log_id_experience_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."experience_logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_supervisors" ADD CONSTRAINT "trainee_supervisors_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_supervisors" ADD CONSTRAINT "trainee_supervisors_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "experience_logs_trainee_date" ON "experience_logs" USING btree ("trainee_id","date_of_experience");--> statement-breakpoint
CREATE INDEX "experience_logs_supervisor_date" ON "experience_logs" USING btree ("trainee_supervisor_id","date_of_experience");--> statement-breakpoint
CREATE INDEX "experience_logs_status" ON "experience_logs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "log_history_log" ON "log_history" USING btree ("log_id");--> statement-breakpoint
CREATE UNIQUE INDEX "log_tasks_log_task" ON "log_tasks" USING btree ("log_id","task_id");--> statement-breakpoint
CREATE INDEX "log_tasks_task" ON "log_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "trainee_supervisors_trainee" ON "trainee_supervisors" USING btree ("trainee_id");--> statement-breakpoint
CREATE INDEX "trainee_supervisors_email" ON "trainee_supervisors" USING btree ("email");--> statement-breakpoint
CREATE INDEX "trainee_supervisors_supervisor" ON "trainee_supervisors" USING btree ("supervisor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trainee_supervisors_trainee_email" ON "trainee_supervisors" USING btree ("trainee_id","email");