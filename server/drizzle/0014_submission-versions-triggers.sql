-- The versions of the templates' submissions (submission_versions), moved on in the same
-- transaction as every change of a form that alters what the analysis reads: the completed
-- forms that are not deleted, by company and template, and their answers. A statement that
-- changes none of that (a draft's answers saved, a reminder, a form sealed) moves nothing.
-- The rows are written in the order of their keys, so two statements touching the same
-- templates lock them in the same order. A company being deleted with its forms is left out.
CREATE FUNCTION submission_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement written out in each branch: each trigger's transition tables are its own,
  -- and statements written out keep their plans from one call to the next.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO submission_versions AS versions (company_id, template_id)
    SELECT DISTINCT n.company_id, n.template_id
      FROM new_rows n
      JOIN companies ON companies.id = n.company_id
     WHERE n.status = 'completed' AND n.completed_at IS NOT NULL AND n.deleted_at IS NULL
     ORDER BY 1, 2
        ON CONFLICT (company_id, template_id) DO UPDATE SET version = versions.version + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO submission_versions AS versions (company_id, template_id)
    SELECT DISTINCT o.company_id, o.template_id
      FROM old_rows o
      JOIN companies ON companies.id = o.company_id
     WHERE o.status = 'completed' AND o.completed_at IS NOT NULL AND o.deleted_at IS NULL
     ORDER BY 1, 2
        ON CONFLICT (company_id, template_id) DO UPDATE SET version = versions.version + 1;
  ELSE
    -- A form that was or is a submission, and whose being one, company, template or answers
    -- changed: the template it was one of and the one it is one of both move on.
    INSERT INTO submission_versions AS versions (company_id, template_id)
    SELECT DISTINCT side.company_id, side.template_id
      FROM (SELECT o.id, o.company_id, o.template_id, o."values",
                   (o.status = 'completed' AND o.completed_at IS NOT NULL AND o.deleted_at IS NULL) AS submitted
              FROM old_rows o) AS was
      JOIN (SELECT n.id, n.company_id, n.template_id, n."values",
                   (n.status = 'completed' AND n.completed_at IS NOT NULL AND n.deleted_at IS NULL) AS submitted
              FROM new_rows n) AS became ON became.id = was.id
     CROSS JOIN LATERAL (VALUES (was.submitted, was.company_id, was.template_id),
                                (became.submitted, became.company_id, became.template_id)) AS side(submitted, company_id, template_id)
      JOIN companies ON companies.id = side.company_id
     WHERE side.submitted
       AND (was.submitted, was.company_id, was.template_id, was."values") IS DISTINCT FROM (became.submitted, became.company_id, became.template_id, became."values")
     ORDER BY 1, 2
        ON CONFLICT (company_id, template_id) DO UPDATE SET version = versions.version + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER submission_versions_on_insert AFTER INSERT ON forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_versions_bump();
--> statement-breakpoint
CREATE TRIGGER submission_versions_on_update AFTER UPDATE ON forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_versions_bump();
--> statement-breakpoint
CREATE TRIGGER submission_versions_on_delete AFTER DELETE ON forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_versions_bump();
