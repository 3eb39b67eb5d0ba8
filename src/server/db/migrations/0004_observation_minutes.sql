ALTER TABLE "experience_logs" ADD COLUMN "observation_minutes" integer;--> statement-breakpoint
-- Every existing log keeps its meaning: until now an observation counted the whole supervision
-- window (the supervised minutes of a supervised log answered 'Yes'); every other log has none.
UPDATE "experience_logs" SET "observation_minutes" = "supervised_minutes" WHERE "client_observation" = 'Yes' AND "individual_or_group" <> 'No supervision' AND "supervised_minutes" > 0;--> statement-breakpoint
ALTER TABLE "experience_logs" ADD CONSTRAINT "experience_logs_observation_within_supervision" CHECK ("experience_logs"."observation_minutes" is null or ("experience_logs"."observation_minutes" > 0 and "experience_logs"."observation_minutes" <= "experience_logs"."supervised_minutes"));
