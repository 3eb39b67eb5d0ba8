CREATE TABLE "standards_switch_notices" (
	"trainee_id" integer PRIMARY KEY NOT NULL,
	"cost_minutes" integer NOT NULL,
	"counted2022_minutes" integer NOT NULL,
	"counted2027_minutes" integer NOT NULL,
	"months" text[] NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "standards_switch_notices" ADD CONSTRAINT "standards_switch_notices_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;