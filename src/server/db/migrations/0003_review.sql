CREATE TABLE "digest_subscriptions" (
	"supervisor_user_id" integer PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribe_token_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "month_signoffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"supervisor_user_id" integer NOT NULL,
	"month" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"reopened_at" timestamp with time zone,
	"reopened_by" integer
);
--> statement-breakpoint
CREATE TABLE "removed_trainees" (
	"supervisor_user_id" integer NOT NULL,
	"trainee_id" integer NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "digest_subscriptions" ADD CONSTRAINT "digest_subscriptions_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_signoffs" ADD CONSTRAINT "month_signoffs_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_signoffs" ADD CONSTRAINT "month_signoffs_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "month_signoffs" ADD CONSTRAINT "month_signoffs_reopened_by_users_id_fk" FOREIGN KEY ("reopened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_trainees" ADD CONSTRAINT "removed_trainees_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_trainees" ADD CONSTRAINT "removed_trainees_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "month_signoffs_trainee_month" ON "month_signoffs" USING btree ("trainee_id","month");--> statement-breakpoint
CREATE INDEX "month_signoffs_supervisor" ON "month_signoffs" USING btree ("supervisor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "removed_trainees_pair" ON "removed_trainees" USING btree ("supervisor_user_id","trainee_id");