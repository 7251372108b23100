-- The bytes each company keeps (storage_usage), kept in the same transaction as every change
-- of its stored files (stored_files) and of the files attached to its forms (documents): the
-- rows as they were count minus their size, as they are plus. A statement that changed no
-- size and no company (a file renamed or moved to another folder) leaves the row and its lock
-- alone. Companies are taken in the order of their ids, so that two statements never wait
-- on each other's rows.
CREATE FUNCTION storage_usage_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch written out: each trigger's transition tables are its own.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO storage_usage AS usage (company_id, bytes)
    SELECT company_id, sum(size) FROM new_rows GROUP BY company_id HAVING sum(size) <> 0 ORDER BY company_id
        ON CONFLICT (company_id) DO UPDATE SET bytes = usage.bytes + excluded.bytes;
  ELSIF TG_OP = 'DELETE' THEN
    -- An update, not an insert: the files of a company being deleted go with it, and so does its row.
    UPDATE storage_usage AS usage SET bytes = usage.bytes - removed.bytes
      FROM (SELECT company_id, sum(size) AS bytes FROM old_rows GROUP BY company_id HAVING sum(size) <> 0 ORDER BY company_id) AS removed
     WHERE usage.company_id = removed.company_id;
  ELSE
    INSERT INTO storage_usage AS usage (company_id, bytes)
    SELECT c.company_id, sum(c.size)
      FROM (SELECT company_id, -size AS size FROM old_rows UNION ALL SELECT company_id, size FROM new_rows) AS c
      JOIN companies ON companies.id = c.company_id
     GROUP BY c.company_id
    HAVING sum(c.size) <> 0
     ORDER BY c.company_id
        ON CONFLICT (company_id) DO UPDATE SET bytes = usage.bytes + excluded.bytes;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER storage_usage_on_insert AFTER INSERT ON stored_files REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION storage_usage_apply();
--> statement-breakpoint
CREATE TRIGGER storage_usage_on_update AFTER UPDATE ON stored_files REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION storage_usage_apply();
--> statement-breakpoint
CREATE TRIGGER storage_usage_on_delete AFTER DELETE ON stored_files REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION storage_usage_apply();
--> statement-breakpoint
CREATE TRIGGER storage_usage_on_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION storage_usage_apply();
--> statement-breakpoint
CREATE TRIGGER storage_usage_on_update AFTER UPDATE ON documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION storage_usage_apply();
--> statement-breakpoint
CREATE TRIGGER storage_usage_on_delete AFTER DELETE ON documents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION storage_usage_apply();
--> statement-breakpoint

-- The companies there already: their files added up now.
INSERT INTO storage_usage (company_id, bytes)
SELECT company_id, sum(size)
  FROM (SELECT company_id, size FROM stored_files UNION ALL SELECT company_id, size FROM documents) AS files
 GROUP BY company_id
    ON CONFLICT (company_id) DO UPDATE SET bytes = excluded.bytes;
