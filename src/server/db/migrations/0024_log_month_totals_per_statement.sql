-- log_month_totals (0013) was kept by a trigger for each row written to experience_logs: an
-- import of 10,000 logs (issue 14) wrote its month's totals 10,000 times, and the progress
-- revision with them. The sums are now made for a set of logs at once, in one function: an INSERT
-- statement adds all its new logs once, a month and fieldwork type at a time (a statement trigger
-- reading the rows it inserted); an edit, a review, a delete or a restore still takes its log's
-- old values away and adds its new ones, a set of one. The totals come out as they did, row by
-- row; a month and type with no live log left still has no row.
CREATE FUNCTION log_month_totals_add_all(written experience_logs[], sign integer) RETURNS void
LANGUAGE plpgsql AS $function$
BEGIN
  INSERT INTO log_month_totals AS t (trainee_id, month, experience_type_id, logs,
    experience_minutes, independent_minutes, supervised_minutes, individual_minutes,
    group_minutes, unrestricted_minutes, restricted_minutes, contacts, observations,
    observation_minutes, approved_minutes)
  SELECT l.trainee_id, to_char(l.date_of_experience, 'YYYY-MM'), l.experience_type_id,
    sign * count(*),
    sign * sum(l.experience_minutes),
    sign * sum(l.independent_minutes),
    sign * sum(l.supervised_minutes),
    sign * sum(CASE WHEN l.individual_or_group = 'Individual' THEN l.supervised_minutes ELSE 0 END),
    sign * sum(CASE WHEN l.individual_or_group = 'Group' THEN l.supervised_minutes ELSE 0 END),
    sign * sum(l.unrestricted_minutes),
    sign * sum(l.restricted_minutes),
    sign * count(*) FILTER (WHERE l.individual_or_group <> 'No supervision'
      AND coalesce(sc.counts_as_contact, false)),
    sign * count(*) FILTER (WHERE l.individual_or_group <> 'No supervision'
      AND l.client_observation = 'Yes'),
    sign * sum(CASE WHEN l.individual_or_group <> 'No supervision' AND l.client_observation = 'Yes'
      THEN coalesce(l.observation_minutes, 0) ELSE 0 END),
    sign * sum(CASE WHEN l.status = 'approved' THEN l.experience_minutes ELSE 0 END)
  FROM unnest(written) AS l
    LEFT JOIN supervision_contacts sc ON sc.id = l.supervision_contact_id
  WHERE l.deleted_at IS NULL
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
    approved_minutes = t.approved_minutes + excluded.approved_minutes;
  -- A month and type with no live log left has no row.
  IF sign < 0 THEN
    DELETE FROM log_month_totals t USING unnest(written) AS l
    WHERE l.deleted_at IS NULL AND t.trainee_id = l.trainee_id
      AND t.month = to_char(l.date_of_experience, 'YYYY-MM')
      AND t.experience_type_id = l.experience_type_id AND t.logs = 0;
  END IF;
END
$function$;
--> statement-breakpoint
-- The row triggers (delete, and the updates that change what is summed): old out, new in.
CREATE OR REPLACE FUNCTION log_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM log_month_totals_add_all(ARRAY[OLD], -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM log_month_totals_add_all(ARRAY[NEW], 1);
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
DROP FUNCTION log_month_totals_add(experience_logs, integer);
--> statement-breakpoint
-- The logs one INSERT statement wrote, all at once.
CREATE FUNCTION log_month_totals_insert_all() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  PERFORM log_month_totals_add_all(ARRAY(SELECT l::experience_logs FROM inserted_logs AS l), 1);
  RETURN NULL;
END
$function$;
--> statement-breakpoint
DROP TRIGGER log_month_totals_insert ON experience_logs;
--> statement-breakpoint
CREATE TRIGGER log_month_totals_insert AFTER INSERT ON experience_logs
  REFERENCING NEW TABLE AS inserted_logs
  FOR EACH STATEMENT EXECUTE FUNCTION log_month_totals_insert_all();
