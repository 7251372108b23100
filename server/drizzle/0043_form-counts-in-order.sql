-- The dashboard's counts (form_counts_apply, migration 0011) take the count rows a statement
-- changes in the order of their key. Before, they were taken in the order the statement's plan
-- grouped them, which is not the same in every session (each caches its own plan): two forms of
-- one template completed side by side could each hold a count row the other needed next, and
-- PostgreSQL ended one of them with "deadlock detected" (a failed approval or signature under
-- load). In one order, the second waits for the first instead. Nothing else changes.
CREATE OR REPLACE FUNCTION form_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
     ORDER BY 1, 2, 3, 4, 5
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
     ORDER BY 1, 2, 3, 4, 5
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
     ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT ON CONSTRAINT form_counts_key DO UPDATE
       SET forms = counts.forms + excluded.forms, timed = counts.timed + excluded.timed, seconds = counts.seconds + excluded.seconds;
  END IF;
  RETURN NULL;
END;
$$;
