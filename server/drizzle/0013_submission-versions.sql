CREATE TABLE "submission_versions" (
	"company_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "submission_versions_pkey" PRIMARY KEY("company_id","template_id")
);
--> statement-breakpoint
ALTER TABLE "submission_versions" ADD CONSTRAINT "submission_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;