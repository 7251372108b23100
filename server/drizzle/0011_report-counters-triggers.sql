-- The dashboard's counts (form_counts), kept in the same transaction as every change of a form.
-- A form counts once under 'sent' (its month of sending, none when never sent) and, once
-- completed, once more under 'completed' (its month of completion, with the seconds it took
-- when it was also sent); deleted forms do not count. Months are those of the time zone in
-- form_count_zones; a company's counts are made again when its reports need another zone.

-- The counts of one company's forms, made again from the forms in the zone given (unless
-- they are counted in that zone already). The zone's
-- row is locked for update first: a change of a form waits until the new counts are in, and
-- the counting waits for the changes already adding to the old ones, then sees them.
CREATE FUNCTION form_counts_rebuild(p_company integer, p_zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO form_count_zones (company_id) VALUES (p_company) ON CONFLICT (company_id) DO NOTHING;
  -- Another report counted them in that zone while this one waited for the lock.
  IF (SELECT time_zone FROM form_count_zones WHERE company_id = p_company FOR UPDATE) IS NOT DISTINCT FROM p_zone THEN
    RETURN;
  END IF;
  UPDATE form_count_zones SET time_zone = p_zone WHERE company_id = p_company;
  DELETE FROM form_counts WHERE company_id = p_company;
  INSERT INTO form_counts (company_id, template_id, status, kind, month, forms, timed, seconds)
  SELECT f.company_id, f.template_id, f.status, k.kind, k.month, count(*),
         count(*) FILTER (WHERE k.kind = 'completed' AND f.sent_at IS NOT NULL),
         coalesce(sum(extract(epoch FROM f.completed_at - f.sent_at)) FILTER (WHERE k.kind = 'completed'), 0)
    FROM forms f
    CROSS JOIN LATERAL (VALUES ('sent', date_trunc('month', f.sent_at AT TIME ZONE p_zone)::date),
                               ('completed', date_trunc('month', f.completed_at AT TIME ZONE p_zone)::date)) AS k(kind, month)
   WHERE f.company_id = p_company AND f.deleted_at IS NULL AND (k.kind = 'sent' OR f.completed_at IS NOT NULL)
   GROUP BY 1, 2, 3, 4, 5;
END;
$$;
--> statement-breakpoint

-- Adds what one statement changed to the counts: the forms as they were count -1, as they are
-- +1. A statement that changed nothing counted (answers saved, a reminder) leaves the counts
-- and their locks alone. The companies' zone rows are share-locked first (see
-- form_counts_rebuild); a company whose counts were never made, or that is being deleted
-- with its forms, is left out.
CREATE FUNCTION form_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The same two statements in each branch, written out: each trigger's transition tables are
  -- its own, and statements written out keep their plans from one call to the next.
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM form_count_zones WHERE company_id IN (SELECT DISTINCT company_id FROM (SELECT company_id, template_id, status, sent_at, completed_at, 1 AS sign FROM new_rows WHERE deleted_at IS NULL) AS c) ORDER BY company_id FOR KEY SHARE;
    INSERT INTO form_counts AS counts (company_id, template_id, status, kind, month, forms, timed, seconds)
    SELECT c.company_id, c.template_id, c.status, k.kind, k.month, sum(c.sign),
           coalesce(sum(c.sign) FILTER (WHERE k.kind = 'completed' AND c.sent_at IS NOT NULL), 0),
           coalesce(sum(c.sign * extract(epoch FROM c.completed_at - c.sent_at)) FILTER (WHERE k.kind = 'completed'), 0)
      FROM (SELECT company_id, template_id, status, sent_at, completed_at, 1 AS sign FROM new_rows WHERE deleted_at IS NULL) AS c
      JOIN form_count_zones z ON z.company_id = c.company_id AND z.time_zone IS NOT NULL
      JOIN companies ON companies.id = c.company_id
     CROSS JOIN LATERAL (VALUES ('sent', date_trunc('month', c.sent_at AT TIME ZONE z.time_zone)::date),
                                ('completed', date_trunc('month', c.completed_at AT TIME ZONE z.time_zone)::date)) AS k(kind, month)
     WHERE k.kind = 'sent' OR c.completed_at IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.sign) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE k.kind = 'completed' AND c.sent_at IS NOT NULL), 0) <> 0
        OR coalesce(sum(c.sign * extract(epoch FROM c.completed_at - c.sent_at)) FILTER (WHERE k.kind = 'completed'), 0) <> 0
        ON CONFLICT ON CONSTRAINT form_counts_key DO UPDATE
       SET forms = counts.forms + excluded.forms, timed = counts.timed + excluded.timed, seconds = counts.seconds + excluded.seconds;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM form_count_zones WHERE company_id IN (SELECT DISTINCT company_id FROM (SELECT company_id, template_id, status, sent_at, completed_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL) AS c) ORDER BY company_id FOR KEY SHARE;
    INSERT INTO form_counts AS counts (company_id, template_id, status, kind, month, forms, timed, seconds)
    SELECT c.company_id, c.template_id, c.status, k.kind, k.month, sum(c.sign),
           coalesce(sum(c.sign) FILTER (WHERE k.kind = 'completed' AND c.sent_at IS NOT NULL), 0),
           coalesce(sum(c.sign * extract(epoch FROM c.completed_at - c.sent_at)) FILTER (WHERE k.kind = 'completed'), 0)
      FROM (SELECT company_id, template_id, status, sent_at, completed_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL) AS c
      JOIN form_count_zones z ON z.company_id = c.company_id AND z.time_zone IS NOT NULL
      JOIN companies ON companies.id = c.company_id
     CROSS JOIN LATERAL (VALUES ('sent', date_trunc('month', c.sent_at AT TIME ZONE z.time_zone)::date),
                                ('completed', date_trunc('month', c.completed_at AT TIME ZONE z.time_zone)::date)) AS k(kind, month)
     WHERE k.kind = 'sent' OR c.completed_at IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.sign) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE k.kind = 'completed' AND c.sent_at IS NOT NULL), 0) <> 0
        OR coalesce(sum(c.sign * extract(epoch FROM c.completed_at - c.sent_at)) FILTER (WHERE k.kind = 'completed'), 0) <> 0
        ON CONFLICT ON CONSTRAINT form_counts_key DO UPDATE
       SET forms = counts.forms + excluded.forms, timed = counts.timed + excluded.timed, seconds = counts.seconds + excluded.seconds;
  ELSE
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
       WHERE (o.company_id, o.template_id, o.status, o.sent_at, o.completed_at, o.deleted_at)
             IS DISTINCT FROM (n.company_id, n.template_id, n.status, n.sent_at, n.completed_at, n.deleted_at)
    ) THEN
      RETURN NULL;
    END IF;
    PERFORM 1 FROM form_count_zones WHERE company_id IN (SELECT DISTINCT company_id FROM (SELECT company_id, template_id, status, sent_at, completed_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
                 UNION ALL SELECT company_id, template_id, status, sent_at, completed_at, 1 FROM new_rows WHERE deleted_at IS NULL) AS c) ORDER BY company_id FOR KEY SHARE;
    INSERT INTO form_counts AS counts (company_id, template_id, status, kind, month, forms, timed, seconds)
    SELECT c.company_id, c.template_id, c.status, k.kind, k.month, sum(c.sign),
           coalesce(sum(c.sign) FILTER (WHERE k.kind = 'completed' AND c.sent_at IS NOT NULL), 0),
           coalesce(sum(c.sign * extract(epoch FROM c.completed_at - c.sent_at)) FILTER (WHERE k.kind = 'completed'), 0)
      FROM (SELECT company_id, template_id, status, sent_at, completed_at, -1 AS sign FROM old_rows WHERE deleted_at IS NULL
                 UNION ALL SELECT company_id, template_id, status, sent_at, completed_at, 1 FROM new_rows WHERE deleted_at IS NULL) AS c
      JOIN form_count_zones z ON z.company_id = c.company_id AND z.time_zone IS NOT NULL
      JOIN companies ON companies.id = c.company_id
     CROSS JOIN LATERAL (VALUES ('sent', date_trunc('month', c.sent_at AT TIME ZONE z.time_zone)::date),
                                ('completed', date_trunc('month', c.completed_at AT TIME ZONE z.time_zone)::date)) AS k(kind, month)
     WHERE k.kind = 'sent' OR c.completed_at IS NOT NULL
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.sign) <> 0
        OR coalesce(sum(c.sign) FILTER (WHERE k.kind = 'completed' AND c.sent_at IS NOT NULL), 0) <> 0
        OR coalesce(sum(c.sign * extract(epoch FROM c.completed_at - c.sent_at)) FILTER (WHERE k.kind = 'completed'), 0) <> 0
        ON CONFLICT ON CONSTRAINT form_counts_key DO UPDATE
       SET forms = counts.forms + excluded.forms, timed = counts.timed + excluded.timed, seconds = counts.seconds + excluded.seconds;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER form_counts_on_insert AFTER INSERT ON forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_counts_apply();
--> statement-breakpoint
CREATE TRIGGER form_counts_on_update AFTER UPDATE ON forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION form_counts_apply();
--> statement-breakpoint
CREATE TRIGGER form_counts_on_delete AFTER DELETE ON forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION form_counts_apply();
--> statement-breakpoint

-- A new company counts its forms from the first one, in the zone its settings name (UTC when
-- the database does not know that one; its reports count again if they use another).
CREATE FUNCTION form_count_zones_start() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce(NEW.settings ->> 'timezone', 'UTC');
BEGIN
  BEGIN
    PERFORM now() AT TIME ZONE zone;
  EXCEPTION WHEN OTHERS THEN
    zone := 'UTC';
  END;
  INSERT INTO form_count_zones (company_id, time_zone) VALUES (NEW.id, zone) ON CONFLICT (company_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER form_count_zones_on_company AFTER INSERT ON companies FOR EACH ROW EXECUTE FUNCTION form_count_zones_start();
--> statement-breakpoint

-- The companies there already: their forms counted now, in the zone their settings name.
DO $$
DECLARE
  company record;
  zone text;
BEGIN
  FOR company IN SELECT id, coalesce(settings ->> 'timezone', 'UTC') AS zone FROM companies LOOP
    zone := company.zone;
    BEGIN
      PERFORM now() AT TIME ZONE zone;
    EXCEPTION WHEN OTHERS THEN
      zone := 'UTC';
    END;
    PERFORM form_counts_rebuild(company.id, zone);
  END LOOP;
END;
$$;
