DROP INDEX "deliveries_key";--> statement-breakpoint
DROP INDEX "deliveries_form_idx";--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "credentials" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "host_key" text;--> statement-breakpoint
CREATE INDEX "deliveries_integration_at_idx" ON "deliveries" USING btree ("integration_id","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deliveries_form_idx" ON "deliveries" USING btree ("form_id","integration_id");--> statement-breakpoint
-- SharePoint is no longer offered: each organisation's SharePoint integrations are removed, and its system log says so.
INSERT INTO "audit_events" ("company_id", "actor", "source", "level", "event", "target", "details")
SELECT i."company_id", 'system', 'system', 'warning', 'system', 'Form integration of ' || t."title",
  jsonb_build_object('message', 'SharePoint integration removed: SharePoint is no longer offered', 'integration', i."id", 'recipient', i."recipient")
FROM "integrations" i JOIN "templates" t ON t."id" = i."template_id"
WHERE i."source" = 'sharepoint';--> statement-breakpoint
DELETE FROM "integrations" WHERE "source" = 'sharepoint';--> statement-breakpoint
-- An SFTP address with a user name (and a password) in it: the user name moves to its own column, the password is not kept.
UPDATE "integrations"
SET "username" = split_part(substring("recipient" from '^sftp://([^@/]*)@'), ':', 1),
    "recipient" = regexp_replace("recipient", '^sftp://[^@/]*@', 'sftp://')
WHERE "source" = 'sftp' AND "recipient" ~ '^sftp://[^@/]*@';--> statement-breakpoint
-- The passwords such addresses carried into the audit trail are removed from it.
UPDATE "audit_events"
SET "target" = regexp_replace("target", 'sftp://[^@/\s]*@', 'sftp://', 'g'),
    "details" = regexp_replace("details"::text, 'sftp://[^@/\s"]*@', 'sftp://', 'g')::jsonb
WHERE "target" ~ 'sftp://[^@/\s]*@' OR "details"::text ~ 'sftp://[^@/\s"]*@';
