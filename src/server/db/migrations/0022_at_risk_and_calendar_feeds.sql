CREATE TABLE "at_risk_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"supervisor_user_id" integer NOT NULL,
	"trainee_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "at_risk_reminders" ADD CONSTRAINT "at_risk_reminders_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "at_risk_reminders" ADD CONSTRAINT "at_risk_reminders_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "at_risk_reminders_once_a_day" ON "at_risk_reminders" USING btree ("supervisor_user_id","trainee_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash" ON "calendar_feeds" USING btree ("token_hash");