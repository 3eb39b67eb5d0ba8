CREATE TABLE "progress_revisions" (
	"trainee_id" integer PRIMARY KEY NOT NULL,
	"revision" uuid NOT NULL
);
--> statement-breakpoint
-- A trainee's progress revision follows every change of what their dashboards are computed from:
-- their log_month_totals rows (kept by the experience_logs triggers, so every log write, edit,
-- review, delete and restore reaches it in its own transaction) and their month_forms. A random
-- value, never a counter: a backup restored from another database, or a sequence set back, can
-- never make an old revision stand for new rows. Concurrent writers of one trainee wait on the
-- row, so each committed state has its own revision.
CREATE FUNCTION progress_revision_bump(trainee integer) RETURNS void
LANGUAGE sql AS $function$
  INSERT INTO progress_revisions (trainee_id, revision) VALUES (trainee, gen_random_uuid())
  ON CONFLICT (trainee_id) DO UPDATE SET revision = excluded.revision;
$function$;
--> statement-breakpoint
CREATE FUNCTION progress_revision_apply() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM progress_revision_bump(OLD.trainee_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.trainee_id IS DISTINCT FROM OLD.trainee_id) THEN
    PERFORM progress_revision_bump(NEW.trainee_id);
  END IF;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
-- Emptied tables leave no revision: nothing kept can match until the next change writes one.
CREATE FUNCTION progress_revision_forget_all() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  DELETE FROM progress_revisions;
  RETURN NULL;
END
$function$;
--> statement-breakpoint
CREATE TRIGGER progress_revision_totals AFTER INSERT OR UPDATE OR DELETE ON log_month_totals
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();
--> statement-breakpoint
CREATE TRIGGER progress_revision_forms AFTER INSERT OR UPDATE OR DELETE ON month_forms
  FOR EACH ROW EXECUTE FUNCTION progress_revision_apply();
--> statement-breakpoint
CREATE TRIGGER progress_revision_totals_truncate AFTER TRUNCATE ON log_month_totals
  FOR EACH STATEMENT EXECUTE FUNCTION progress_revision_forget_all();
--> statement-breakpoint
CREATE TRIGGER progress_revision_forms_truncate AFTER TRUNCATE ON month_forms
  FOR EACH STATEMENT EXECUTE FUNCTION progress_revision_forget_all();
--> statement-breakpoint
-- The trainees with rows before this migration.
INSERT INTO progress_revisions (trainee_id, revision)
SELECT trainee_id, gen_random_uuid() FROM (
  SELECT trainee_id FROM log_month_totals UNION SELECT trainee_id FROM month_forms
) AS trainees;
