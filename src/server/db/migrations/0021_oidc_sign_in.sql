CREATE TABLE "oidc_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_pending" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"secret_hash" text NOT NULL,
	"is_supervisor" boolean NOT NULL,
	"code_verifier" text DEFAULT '' NOT NULL,
	"nonce" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"issuer" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_identities" ADD CONSTRAINT "oidc_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_pending" ADD CONSTRAINT "oidc_pending_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_subject" ON "oidc_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_identities_user_issuer" ON "oidc_identities" USING btree ("user_id","issuer");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_pending_secret" ON "oidc_pending" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "oidc_pending_expires" ON "oidc_pending" USING btree ("expires_at");