-- Matter cache invalidation (src/server/services/matters/matter-cache.ts). Every process keeps
-- the hot read of GET /v1/matters/{id} (the matter, its authority grants, whether a screen of
-- it found a match) and LISTENs on md_matter; these triggers name the matter whose entry to
-- drop. NOTIFY is sent at commit, so a rolled-back change invalidates nothing, and identical
-- payloads of one transaction are sent once. A new matter needs none: nothing is cached for
-- an id that did not exist.
CREATE FUNCTION md_matter_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'matters' THEN
    PERFORM pg_notify('md_matter', OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('md_matter', OLD.matter_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('md_matter', NEW.matter_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER matters_cache_notify AFTER UPDATE OR DELETE ON "matters"
  FOR EACH ROW EXECUTE FUNCTION md_matter_notify();
CREATE TRIGGER authority_grants_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "authority_grants"
  FOR EACH ROW EXECUTE FUNCTION md_matter_notify();
CREATE TRIGGER sanctions_screens_cache_notify AFTER INSERT OR UPDATE OR DELETE ON "sanctions_screens"
  FOR EACH ROW EXECUTE FUNCTION md_matter_notify();
