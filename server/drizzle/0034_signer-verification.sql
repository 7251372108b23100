ALTER TABLE "form_recipients" ADD COLUMN "verification" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "access_code_hash" text;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "code_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "codes_mailed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "codes_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "verified_at" timestamp with time zone;