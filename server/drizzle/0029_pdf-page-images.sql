CREATE TABLE "pdf_page_images" (
	"pdf_key" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
