CREATE TABLE "log_month_totals" (
	"trainee_id" integer NOT NULL,
	"month" text NOT NULL,
	"experience_type_id" integer NOT NULL,
	"logs" integer NOT NULL,
	"experience_minutes" integer NOT NULL,
	"independent_minutes" integer NOT NULL,
	"supervised_minutes" integer NOT NULL,
	"individual_minutes" integer NOT NULL,
	"group_minutes" integer NOT NULL,
	"unrestricted_minutes" integer NOT NULL,
	"restricted_minutes" integer NOT NULL,
	"contacts" integer NOT NULL,
	"observations" integer NOT NULL,
	"observation_minutes" integer NOT NULL,
	"approved_minutes" integer NOT NULL,
	CONSTRAINT "log_month_totals_trainee_id_month_experience_type_id_pk" PRIMARY KEY("trainee_id","month","experience_type_id")
);
--> statement-breakpoint
CREATE INDEX "experience_logs_supervisor_status_date" ON "experience_logs" USING btree ("trainee_supervisor_id","status","date_of_experience") WHERE "experience_logs"."deleted_at" is null;--> statement-breakpoint
-- Keeps log_month_totals equal to the sums of the live logs: each statement on experience_logs
-- adds its new live rows and takes away its old ones, per trainee, month and fieldwork type
-- (an edit, a review, a soft delete or a restore is an update: old out, new in). The contact
-- rule reads supervision_contacts: a migration that changes which kinds count as contacts must
-- rebuild the table (the last statement of this migration does it).
CREATE FUNCTION log_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $function$
DECLARE
  source text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
BEGIN
  EXECUTE format($sql$
    INSERT INTO log_month_totals AS t (trainee_id, month, experience_type_id, logs,
      experience_minutes, independent_minutes, supervised_minutes, individual_minutes,
      group_minutes, unrestricted_minutes, restricted_minutes, contacts, observations,
      observation_minutes, approved_minutes)
    SELECT c.trainee_id, to_char(c.date_of_experience, 'YYYY-MM'), c.experience_type_id,
      sum(c.sign),
      sum(c.sign * c.experience_minutes),
      sum(c.sign * c.independent_minutes),
      sum(c.sign * c.supervised_minutes),
      sum(c.sign * CASE WHEN c.individual_or_group = 'Individual' THEN c.supervised_minutes ELSE 0 END),
      sum(c.sign * CASE WHEN c.individual_or_group = 'Group' THEN c.supervised_minutes ELSE 0 END),
      sum(c.sign * c.unrestricted_minutes),
      sum(c.sign * c.restricted_minutes),
      sum(c.sign * CASE WHEN c.individual_or_group <> 'No supervision' AND coalesce(sc.counts_as_contact, false) THEN 1 ELSE 0 END),
      sum(c.sign * CASE WHEN c.individual_or_group <> 'No supervision' AND c.client_observation = 'Yes' THEN 1 ELSE 0 END),
      sum(c.sign * CASE WHEN c.individual_or_group <> 'No supervision' AND c.client_observation = 'Yes' THEN coalesce(c.observation_minutes, 0) ELSE 0 END),
      sum(c.sign * CASE WHEN c.status = 'approved' THEN c.experience_minutes ELSE 0 END)
    FROM (%s) c LEFT JOIN supervision_contacts sc ON sc.id = c.supervision_contact_id
    WHERE c.deleted_at IS NULL
    GROUP BY 1, 2, 3
    ON CONFLICT (trainee_id, month, experience_type_id) DO UPDATE SET
      logs = t.logs + excluded.logs,
      experience_minutes = t.experience_minutes + excluded.experience_minutes,
      independent_minutes = t.independent_minutes + excluded.independent_minutes,
      supervised_minutes = t.supervised_minutes + excluded.supervised_minutes,
      individual_minutes = t.individual_minutes + excluded.individual_minutes,
      group_minutes = t.group_minutes + excluded.group_minutes,
      unrestricted_minutes = t.unrestricted_minutes + excluded.unrestricted_minutes,
      restricted_minutes = t.restricted_minutes + excluded.restricted_minutes,
      contacts = t.contacts + excluded.contacts,
      observations = t.observations + excluded.observations,
      observation_minutes = t.observation_minutes + excluded.observation_minutes,
      approved_minutes = t.approved_minutes + excluded.approved_minutes
  $sql$, source);
  -- A month and type with no live log left has no row.
  EXECUTE format($sql$
    DELETE FROM log_month_totals t
    WHERE t.logs = 0 AND t.trainee_id IN (SELECT c.trainee_id FROM (%s) c)
  $sql$, source);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER log_month_totals_insert AFTER INSERT ON experience_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER log_month_totals_update AFTER UPDATE ON experience_logs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER log_month_totals_delete AFTER DELETE ON experience_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_month_totals_apply();
--> statement-breakpoint
-- The logs written before this migration.
INSERT INTO log_month_totals (trainee_id, month, experience_type_id, logs, experience_minutes,
  independent_minutes, supervised_minutes, individual_minutes, group_minutes,
  unrestricted_minutes, restricted_minutes, contacts, observations, observation_minutes,
  approved_minutes)
SELECT l.trainee_id, to_char(l.date_of_experience, 'YYYY-MM'), l.experience_type_id,
  count(*),
  sum(l.experience_minutes),
  sum(l.independent_minutes),
  sum(l.supervised_minutes),
  sum(CASE WHEN l.individual_or_group = 'Individual' THEN l.supervised_minutes ELSE 0 END),
  sum(CASE WHEN l.individual_or_group = 'Group' THEN l.supervised_minutes ELSE 0 END),
  sum(l.unrestricted_minutes),
  sum(l.restricted_minutes),
  count(*) FILTER (WHERE l.individual_or_group <> 'No supervision' AND coalesce(sc.counts_as_contact, false)),
  count(*) FILTER (WHERE l.individual_or_group <> 'No supervision' AND l.client_observation = 'Yes'),
  sum(CASE WHEN l.individual_or_group <> 'No supervision' AND l.client_observation = 'Yes' THEN coalesce(l.observation_minutes, 0) ELSE 0 END),
  sum(CASE WHEN l.status = 'approved' THEN l.experience_minutes ELSE 0 END)
FROM experience_logs l LEFT JOIN supervision_contacts sc ON sc.id = l.supervision_contact_id
WHERE l.deleted_at IS NULL
GROUP BY 1, 2, 3;
