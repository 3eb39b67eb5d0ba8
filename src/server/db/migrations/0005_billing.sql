CREATE TABLE "billing_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"subscription_id" integer,
	"kind" text NOT NULL,
	"plan_id" integer,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"coupon_code" text,
	"card_last4" text,
	"provider_ref" text,
	"message" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_one_discount" CHECK (("coupons"."percent_off" is null) <> ("coupons"."amount_off_cents" is null)),
	CONSTRAINT "coupons_percent_range" CHECK ("coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_amount_positive" CHECK ("coupons"."amount_off_cents" > 0),
	CONSTRAINT "coupons_uses_within_limit" CHECK ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_last4" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp_month" CHECK ("payment_methods"."exp_month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"period" text NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"trainee_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_lifetime" boolean DEFAULT false NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"expiry" timestamp with time zone,
	"paid_amount_cents" integer DEFAULT 0 NOT NULL,
	"renewal_amount_cents" integer DEFAULT 0 NOT NULL,
	"credit_cents" integer DEFAULT 0 NOT NULL,
	"pending_coupon_id" integer,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"external_id" text,
	"trial_used_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"renewal_claimed_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_subscriptions_amounts" CHECK ("user_subscriptions"."paid_amount_cents" >= 0 and "user_subscriptions"."renewal_amount_cents" >= 0 and "user_subscriptions"."credit_cents" >= 0),
	CONSTRAINT "user_subscriptions_lifetime_no_expiry" CHECK ("user_subscriptions"."is_lifetime" = ("user_subscriptions"."expiry" is null))
);
--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_subscription_id_user_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."user_subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_trainee_id_users_id_fk" FOREIGN KEY ("trainee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_subscriptions" ADD CONSTRAINT "user_subscriptions_pending_coupon_id_coupons_id_fk" FOREIGN KEY ("pending_coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_events_idempotency" ON "billing_events" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "billing_events_trainee" ON "billing_events" USING btree ("trainee_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_trainee" ON "payment_methods" USING btree ("trainee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_subscriptions_trainee" ON "user_subscriptions" USING btree ("trainee_id");--> statement-breakpoint
CREATE INDEX "user_subscriptions_due" ON "user_subscriptions" USING btree ("status","expiry");--> statement-breakpoint
-- Hand-written seed: the plan ids the contract's client knows (SPEC §2, §9). Prices are configuration.
insert into "subscription_plans" (id, name, period, is_hidden) values
  (3, 'Trial', 'month', true),
  (12, 'Monthly', 'month', false),
  (13, 'Yearly', 'year', false),
  (14, 'Lifetime', 'life_time', false)
on conflict (id) do update set name = excluded.name, period = excluded.period, is_hidden = excluded.is_hidden;
