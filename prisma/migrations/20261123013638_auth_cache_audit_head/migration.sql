-- AlterTable
ALTER TABLE "audit_chains" ADD COLUMN     "prev_hash" TEXT NOT NULL DEFAULT '';

-- API key cache invalidation (src/server/auth/key-cache.ts). Every process caches key lookups
-- by secret hash and LISTENs on md_auth; these triggers tell it which entries to drop. NOTIFY
-- is sent at commit, so a rolled-back change invalidates nothing.
CREATE FUNCTION md_auth_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'api_keys' THEN
    PERFORM pg_notify('md_auth', 'k:' || OLD.secret_hash);
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('md_auth', 'u:' || OLD.id);
  ELSE
    PERFORM pg_notify('md_auth', 'o:' || OLD.id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER api_keys_auth_notify AFTER UPDATE OR DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION md_auth_notify();
CREATE TRIGGER users_auth_notify AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION md_auth_notify();
CREATE TRIGGER organizations_auth_notify AFTER UPDATE OR DELETE ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION md_auth_notify();
