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
-- Keeps log_month_totals equal to the sums of the live logs: each row written to experience_logs
-- takes its old values away from its month and fieldwork type and adds its new ones (an edit, a
-- review, a soft delete or a restore is an update: old out, new in). Static statements, so each
-- connection plans them once. The contact rule reads supervision_contacts: a migration that
-- changes which kinds count as contacts must rebuild the table (as the last statement here does).
CREATE FUNCTION log_month_totals_add(log experience_logs, sign integer) RETURNS void
LANGUAGE plpgsql AS $function$
DECLARE
  supervised boolean := log.individual_or_group <> 'No supervision';
  observed boolean := supervised AND log.client_observation = 'Yes';
  log_month text := to_char(log.date_of_experience, 'YYYY-MM');
BEGIN
  INSERT INTO log_month_totals AS t (trainee_id, month, experience_type_id, logs,
    experience_minutes, independent_minutes, supervised_minutes, individual_minutes,
    group_minutes, unrestricted_minutes, restricted_minutes, contacts, observations,
    observation_minutes, approved_minutes)
  VALUES (log.trainee_id, log_month, log.experience_type_id, sign,
    sign * log.experience_minutes,
    sign * log.independent_minutes,
    sign * log.supervised_minutes,
    sign * CASE WHEN log.individual_or_group = 'Individual' THEN log.supervised_minutes ELSE 0 END,
    sign * CASE WHEN log.individual_or_group = 'Group' THEN log.supervised_minutes ELSE 0 END,
    sign * log.unrestricted_minutes,
    sign * log.restricted_minutes,
    sign * CASE WHEN supervised AND coalesce((SELECT counts_as_contact FROM supervision_contacts
      WHERE id = log.supervision_contact_id), false) THEN 1 ELSE 0 END,
    sign * CASE WHEN observed THEN 1 ELSE 0 END,
    sign * CASE WHEN observed THEN coalesce(log.observation_minutes, 0) ELSE 0 END,
    sign * CASE WHEN log.status = 'approved' THEN log.experience_minutes ELSE 0 END)
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
    approved_minutes = t.approved_minutes + excluded.approved_minutes;
  -- A month and type with no live log left has no row.
  IF sign < 0 THEN
    DELETE FROM log_month_totals t WHERE t.trainee_id = log.trainee_id AND t.month = log_month
      AND t.experience_type_id = log.experience_type_id AND t.logs = 0;
  END IF;
END
$function$;
--> statement-breakpoint
CREATE FUNCTION log_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    PERFORM log_month_totals_add(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    PERFORM log_month_totals_add(NEW, 1);
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER log_month_totals_insert AFTER INSERT ON experience_logs
  FOR EACH ROW EXECUTE FUNCTION log_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER log_month_totals_delete AFTER DELETE ON experience_logs
  FOR EACH ROW EXECUTE FUNCTION log_month_totals_apply();
--> statement-breakpoint
-- Only the updates that change what is summed (not a flag's comments, nor updated_at).
CREATE TRIGGER log_month_totals_update AFTER UPDATE ON experience_logs
  FOR EACH ROW WHEN ((OLD.trainee_id, OLD.date_of_experience, OLD.experience_type_id, OLD.status,
    OLD.deleted_at, OLD.experience_minutes, OLD.independent_minutes, OLD.supervised_minutes,
    OLD.individual_or_group, OLD.unrestricted_minutes, OLD.restricted_minutes,
    OLD.supervision_contact_id, OLD.client_observation, OLD.observation_minutes)
    IS DISTINCT FROM (NEW.trainee_id, NEW.date_of_experience, NEW.experience_type_id, NEW.status,
    NEW.deleted_at, NEW.experience_minutes, NEW.independent_minutes, NEW.supervised_minutes,
    NEW.individual_or_group, NEW.unrestricted_minutes, NEW.restricted_minutes,
    NEW.supervision_contact_id, NEW.client_observation, NEW.observation_minutes))
  EXECUTE FUNCTION log_month_totals_apply();
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
