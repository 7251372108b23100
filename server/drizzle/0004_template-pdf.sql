ALTER TABLE "forms" ADD COLUMN "pdf_key" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "pdf_pages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "forms" SET "pdf_key" = "templates"."pdf_key" FROM "templates" WHERE "templates"."id" = "forms"."template_id" AND "templates"."pdf_key" IS NOT NULL;
