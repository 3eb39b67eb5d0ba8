ALTER TABLE "job_runs" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "finished_at" timestamp with time zone;