CREATE TABLE "supervisor_link_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"supervisor_user_id" integer NOT NULL,
	"trainee_supervisor_id" integer,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "supervisor_link_requests" ADD CONSTRAINT "supervisor_link_requests_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_link_requests" ADD CONSTRAINT "supervisor_link_requests_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervisor_link_requests" ADD CONSTRAINT "supervisor_link_requests_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supervisor_link_requests_pair" ON "supervisor_link_requests" USING btree ("trainee_id","supervisor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supervisor_link_requests_record" ON "supervisor_link_requests" USING btree ("trainee_supervisor_id");--> statement-breakpoint
CREATE INDEX "supervisor_link_requests_supervisor" ON "supervisor_link_requests" USING btree ("supervisor_user_id","status");--> statement-breakpoint
-- Links made before requests existed stay: each counts as accepted, so nobody loses access.
INSERT INTO "supervisor_link_requests" ("trainee_id", "supervisor_user_id", "trainee_supervisor_id", "status", "requested_at", "answered_at")
SELECT "trainee_id", "supervisor_user_id", "id", 'accepted', "created_at", "created_at"
FROM "trainee_supervisors" WHERE "supervisor_user_id" IS NOT NULL
ON CONFLICT DO NOTHING;
