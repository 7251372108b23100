CREATE TABLE "form_count_zones" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"time_zone" text
);
--> statement-breakpoint
CREATE TABLE "form_counts" (
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"month" date,
	"forms" bigint DEFAULT 0 NOT NULL,
	"timed" bigint DEFAULT 0 NOT NULL,
	"seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "form_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","kind","month","template_id","status")
);
--> statement-breakpoint
ALTER TABLE "form_count_zones" ADD CONSTRAINT "form_count_zones_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_counts" ADD CONSTRAINT "form_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;