CREATE TABLE "login_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "account_events_user";--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "ip_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "account_events_user" ON "account_events" USING btree ("user_id","id");--> statement-breakpoint
-- Sessions from before this migration: their last use is not known, their start is.
UPDATE "auth_tokens" SET "last_used_at" = "created_at";
