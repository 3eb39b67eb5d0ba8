ALTER TABLE "month_signoffs" ADD COLUMN "trainee_supervisor_id" integer;--> statement-breakpoint
ALTER TABLE "month_signoffs" ADD CONSTRAINT "month_signoffs_trainee_supervisor_id_trainee_supervisors_id_fk" FOREIGN KEY ("trainee_supervisor_id") REFERENCES "public"."trainee_supervisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 38: a sign-off covers one structure. An earlier one covered its signer's own logs, so it
-- now names the structure of each of the signer's records of the trainee (a record of its own,
-- or its organization: the shared rule's subject key), one row per structure, its earliest
-- record standing for it. A signer with no record of the trainee keeps a row covering nothing.
INSERT INTO "month_signoffs" ("trainee_id", "supervisor_user_id", "month", "trainee_supervisor_id", "signed_at", "reopened_at", "reopened_by")
SELECT s."trainee_id", s."supervisor_user_id", s."month", x."record_id", s."signed_at", s."reopened_at", s."reopened_by"
FROM (
  SELECT s."id" AS "signoff_id", min(r."id") AS "record_id",
    row_number() OVER (PARTITION BY s."id" ORDER BY min(r."id")) AS "n"
  FROM "month_signoffs" s
  JOIN "trainee_supervisors" r ON r."trainee_id" = s."trainee_id" AND r."supervisor_user_id" = s."supervisor_user_id"
  GROUP BY s."id", CASE WHEN btrim(r."organization") = '' THEN 'r' || r."id"
    ELSE 'o:' || regexp_replace(lower(btrim(r."organization")), '[[:space:]]+', ' ', 'g') END
) x
JOIN "month_signoffs" s ON s."id" = x."signoff_id"
WHERE x."n" > 1
ORDER BY s."id", x."n";--> statement-breakpoint
UPDATE "month_signoffs" s SET "trainee_supervisor_id" = (
  SELECT min(r."id") FROM "trainee_supervisors" r
  WHERE r."trainee_id" = s."trainee_id" AND r."supervisor_user_id" = s."supervisor_user_id"
)
WHERE s."trainee_supervisor_id" IS NULL;
