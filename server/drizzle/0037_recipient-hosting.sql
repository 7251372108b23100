ALTER TABLE "form_recipients" ADD COLUMN "hosted_by_name" text;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "hosted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "form_recipients_copy_due_idx" ON "form_recipients" USING btree ("form_id") WHERE "form_recipients"."status" = 'copy' and "form_recipients"."notified_at" is null;