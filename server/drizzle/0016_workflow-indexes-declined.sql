DROP INDEX "forms_workflow_updated_idx";--> statement-breakpoint
DROP INDEX "forms_workflow_sent_idx";--> statement-breakpoint
DROP INDEX "forms_workflow_reference_idx";--> statement-breakpoint
DROP INDEX "forms_workflow_title_idx";--> statement-breakpoint
DROP INDEX "forms_workflow_status_idx";--> statement-breakpoint
DROP INDEX "forms_workflow_status_updated_idx";--> statement-breakpoint
CREATE INDEX "forms_workflow_updated_idx" ON "forms" USING btree ("company_id","updated_at","id","status","template_id","sent_at") WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined');--> statement-breakpoint
CREATE INDEX "forms_workflow_sent_idx" ON "forms" USING btree ("company_id","sent_at","id","status","template_id") WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined');--> statement-breakpoint
CREATE INDEX "forms_workflow_reference_idx" ON "forms" USING btree ("company_id","reference","id","status","template_id","sent_at") WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined');--> statement-breakpoint
CREATE INDEX "forms_workflow_title_idx" ON "forms" USING btree ("company_id","title","id","status","template_id","sent_at") WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined');--> statement-breakpoint
CREATE INDEX "forms_workflow_status_idx" ON "forms" USING btree ("company_id","status","id","template_id","sent_at") WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined');--> statement-breakpoint
CREATE INDEX "forms_workflow_status_updated_idx" ON "forms" USING btree ("company_id","status","updated_at","id","template_id","sent_at") WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval', 'disapproved', 'declined');