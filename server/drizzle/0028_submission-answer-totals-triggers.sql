-- The figures of each field's answers over a template's submissions (submission_answer_totals),
-- kept in the same transaction as every change of a form: the completed forms that are not
-- deleted, by company, template and field. Their answers as they were count minus, as they are
-- plus. A statement that changes no submission's company, template, answers or being one (a
-- draft's answers saved, a reminder, a form sealed) leaves the rows and their locks alone.
-- Rows are written in the order of their keys, so two statements touching the same fields lock
-- them in the same order. A company being deleted with its forms is left out.

-- What one form's answers add to the figures of each of its fields, read as the form database
-- reads them (modules/database/submissions-repository.ts): answered when the answer reads as
-- something (a tick reads Yes or No; null and '' read as nothing), a number when it is one or
-- text that is one.
CREATE FUNCTION submission_answer_figures(answers jsonb)
RETURNS TABLE (field text, answered integer, numbers integer, total numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT a.key,
         CASE jsonb_typeof(a.value) WHEN 'boolean' THEN 1 WHEN 'null' THEN 0 ELSE (coalesce(a.value #>> '{}', '') <> '')::integer END,
         (n.number IS NOT NULL)::integer,
         coalesce(n.number, 0)
    FROM jsonb_each(CASE WHEN jsonb_typeof(answers) = 'object' THEN answers ELSE '{}'::jsonb END) AS a
   CROSS JOIN LATERAL (
         SELECT CASE jsonb_typeof(a.value)
                  WHEN 'number' THEN (a.value #>> '{}')::numeric
                  WHEN 'string' THEN (CASE WHEN btrim(a.value #>> '{}') ~ '^[-+]?[0-9]+([.][0-9]+)?$' THEN btrim(a.value #>> '{}')::numeric END)
                END AS number) AS n
$$;
--> statement-breakpoint
CREATE FUNCTION submission_answer_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement written out in each branch: each trigger's transition tables are its own,
  -- and statements written out keep their plans from one call to the next.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO submission_answer_totals AS totals (company_id, field, template_id, answered, numbers, total)
    SELECT n.company_id, f.field, n.template_id, sum(f.answered), sum(f.numbers), sum(f.total)
      FROM new_rows n
      JOIN companies ON companies.id = n.company_id
     CROSS JOIN LATERAL submission_answer_figures(n."values") AS f
     WHERE n.status = 'completed' AND n.completed_at IS NOT NULL AND n.deleted_at IS NULL
     GROUP BY 1, 2, 3
    HAVING sum(f.answered) <> 0 OR sum(f.numbers) <> 0
     ORDER BY 1, 2, 3
        ON CONFLICT (company_id, field, template_id) DO UPDATE
       SET answered = totals.answered + excluded.answered, numbers = totals.numbers + excluded.numbers, total = totals.total + excluded.total;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO submission_answer_totals AS totals (company_id, field, template_id, answered, numbers, total)
    SELECT o.company_id, f.field, o.template_id, -sum(f.answered), -sum(f.numbers), -sum(f.total)
      FROM old_rows o
      JOIN companies ON companies.id = o.company_id
     CROSS JOIN LATERAL submission_answer_figures(o."values") AS f
     WHERE o.status = 'completed' AND o.completed_at IS NOT NULL AND o.deleted_at IS NULL
     GROUP BY 1, 2, 3
    HAVING sum(f.answered) <> 0 OR sum(f.numbers) <> 0
     ORDER BY 1, 2, 3
        ON CONFLICT (company_id, field, template_id) DO UPDATE
       SET answered = totals.answered + excluded.answered, numbers = totals.numbers + excluded.numbers, total = totals.total + excluded.total;
  ELSE
    -- A form that was or is a submission, and whose being one, company, template or answers
    -- changed: what it gave is taken away, what it gives is added.
    INSERT INTO submission_answer_totals AS totals (company_id, field, template_id, answered, numbers, total)
    SELECT side.company_id, f.field, side.template_id, sum(side.sign * f.answered), sum(side.sign * f.numbers), sum(side.sign * f.total)
      FROM (SELECT o.id, o.company_id, o.template_id, o."values",
                   (o.status = 'completed' AND o.completed_at IS NOT NULL AND o.deleted_at IS NULL) AS submitted
              FROM old_rows o) AS was
      JOIN (SELECT n.id, n.company_id, n.template_id, n."values",
                   (n.status = 'completed' AND n.completed_at IS NOT NULL AND n.deleted_at IS NULL) AS submitted
              FROM new_rows n) AS became ON became.id = was.id
     CROSS JOIN LATERAL (VALUES (-1, was.submitted, was.company_id, was.template_id, was."values"),
                                (1, became.submitted, became.company_id, became.template_id, became."values"))
           AS side(sign, submitted, company_id, template_id, answers)
      JOIN companies ON companies.id = side.company_id
     CROSS JOIN LATERAL submission_answer_figures(side.answers) AS f
     WHERE side.submitted
       AND (was.submitted, was.company_id, was.template_id, was."values") IS DISTINCT FROM (became.submitted, became.company_id, became.template_id, became."values")
     GROUP BY 1, 2, 3
    HAVING sum(side.sign * f.answered) <> 0 OR sum(side.sign * f.numbers) <> 0 OR sum(side.sign * f.total) <> 0
     ORDER BY 1, 2, 3
        ON CONFLICT (company_id, field, template_id) DO UPDATE
       SET answered = totals.answered + excluded.answered, numbers = totals.numbers + excluded.numbers, total = totals.total + excluded.total;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER submission_answer_totals_on_insert AFTER INSERT ON forms REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_answer_totals_apply();
--> statement-breakpoint
CREATE TRIGGER submission_answer_totals_on_update AFTER UPDATE ON forms REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_answer_totals_apply();
--> statement-breakpoint
CREATE TRIGGER submission_answer_totals_on_delete AFTER DELETE ON forms REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION submission_answer_totals_apply();
--> statement-breakpoint

-- The submissions there already, added up now. The triggers above were made first: making
-- them locks out changes of forms until the migrations commit, so none is missed or counted
-- twice.
INSERT INTO submission_answer_totals (company_id, field, template_id, answered, numbers, total)
SELECT fo.company_id, f.field, fo.template_id, sum(f.answered), sum(f.numbers), sum(f.total)
  FROM forms fo
 CROSS JOIN LATERAL submission_answer_figures(fo."values") AS f
 WHERE fo.status = 'completed' AND fo.completed_at IS NOT NULL AND fo.deleted_at IS NULL
 GROUP BY 1, 2, 3
HAVING sum(f.answered) <> 0 OR sum(f.numbers) <> 0;
