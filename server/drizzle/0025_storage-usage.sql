CREATE TABLE "storage_usage" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storage_usage" ADD CONSTRAINT "storage_usage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forms_pending_order_idx" ON "forms" USING btree ("company_id",coalesce("expires_at", 'infinity'::timestamptz),"sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "forms"."deleted_at" is null and "forms"."status" in ('sent', 'in_progress', 'awaiting_approval');