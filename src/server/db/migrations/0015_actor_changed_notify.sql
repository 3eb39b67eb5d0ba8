-- Tells every app instance that what a user's sign-in tokens answer may have changed (a logout,
-- a password change or reset, a revocation, the name, verification, rule set or billing): each
-- instance keeps that answer a few seconds and forgets it when it hears the user's id on
-- 'actor_changed' (src/server/plugins/actor-cache.ts). The argument names the user id column.
CREATE FUNCTION actor_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_id integer;
  new_id integer;
BEGIN
  IF TG_OP <> 'INSERT' THEN old_id := (to_jsonb(OLD) ->> TG_ARGV[0])::integer; END IF;
  IF TG_OP <> 'DELETE' THEN new_id := (to_jsonb(NEW) ->> TG_ARGV[0])::integer; END IF;
  IF old_id IS NOT NULL THEN PERFORM pg_notify('actor_changed', old_id::text); END IF;
  IF new_id IS NOT NULL AND new_id IS DISTINCT FROM old_id THEN
    PERFORM pg_notify('actor_changed', new_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_actor_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION actor_changed_notify('id');
--> statement-breakpoint
-- Only the columns the sign-in reads: a token's bookkeeping (when it was last used) is no change.
CREATE TRIGGER auth_tokens_actor_changed AFTER UPDATE ON auth_tokens
  FOR EACH ROW WHEN ((OLD.user_id, OLD.token_hash, OLD.expires_at, OLD.revoked_at)
    IS DISTINCT FROM (NEW.user_id, NEW.token_hash, NEW.expires_at, NEW.revoked_at))
  EXECUTE FUNCTION actor_changed_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER auth_tokens_actor_deleted AFTER DELETE ON auth_tokens
  FOR EACH ROW EXECUTE FUNCTION actor_changed_notify('user_id');
--> statement-breakpoint
CREATE TRIGGER user_subscriptions_actor_changed AFTER INSERT OR UPDATE OR DELETE ON user_subscriptions
  FOR EACH ROW EXECUTE FUNCTION actor_changed_notify('trainee_id');
