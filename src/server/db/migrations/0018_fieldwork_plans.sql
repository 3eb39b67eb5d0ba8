CREATE TABLE "fieldwork_plans" (
	"trainee_id" integer PRIMARY KEY NOT NULL,
	"target_date" date NOT NULL,
	"fieldwork_types" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fieldwork_plans_types" CHECK (cardinality("fieldwork_plans"."fieldwork_types") between 1 and 2 and "fieldwork_plans"."fieldwork_types" <@ array[1, 2])
);
--> statement-breakpoint
ALTER TABLE "fieldwork_plans" ADD CONSTRAINT "fieldwork_plans_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;