DROP INDEX "form_recipients_email_idx";--> statement-breakpoint
CREATE INDEX "documents_form_field_idx" ON "documents" USING btree ("form_id","field");