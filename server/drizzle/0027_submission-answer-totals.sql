CREATE TABLE "submission_answer_totals" (
	"company_id" integer NOT NULL,
	"field" text NOT NULL,
	"template_id" integer NOT NULL,
	"answered" bigint DEFAULT 0 NOT NULL,
	"numbers" bigint DEFAULT 0 NOT NULL,
	"total" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "submission_answer_totals_pkey" PRIMARY KEY("company_id","field","template_id")
);
--> statement-breakpoint
ALTER TABLE "submission_answer_totals" ADD CONSTRAINT "submission_answer_totals_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;