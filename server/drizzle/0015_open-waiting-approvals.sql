-- Forms in progress whose next place was left waiting (an approval the demo data never opened):
-- nobody could act and "Waiting for" was blank. The first place not yet done is opened, as
-- moving on from the place before it would have, and the form's status follows its places.
WITH stuck AS (
  SELECT f.id AS form_id,
    (SELECT r.id FROM form_recipients r
      WHERE r.form_id = f.id AND r.status NOT IN ('signed', 'approved', 'filled')
      ORDER BY r."order" LIMIT 1) AS recipient_id
  FROM forms f
  WHERE f.status IN ('sent', 'in_progress', 'awaiting_approval') AND f.deleted_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM form_recipients o WHERE o.form_id = f.id AND o.status = 'open')
),
opened AS (
  UPDATE form_recipients r SET status = 'open', notified_at = coalesce(r.notified_at, now())
  FROM stuck WHERE r.id = stuck.recipient_id AND r.status = 'waiting'
  RETURNING r.form_id, r."order", r.action
)
UPDATE forms f SET
  current_step = opened."order",
  status = CASE WHEN opened.action = 'approve' THEN 'awaiting_approval' ELSE f.status END
FROM opened WHERE f.id = opened.form_id;
