ALTER TABLE "form_recipients" ADD COLUMN "hosted_by_name" text;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "hosted_at" timestamp with time zone;