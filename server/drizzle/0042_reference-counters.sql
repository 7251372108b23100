ALTER TABLE "companies" ADD COLUMN "reference_year" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reference_count" integer DEFAULT 0 NOT NULL;