CREATE TABLE "handed_on_links" (
	"page_id" text PRIMARY KEY NOT NULL,
	"recipient_id" integer NOT NULL,
	"handed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_recipients" ADD COLUMN "allow_delegation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "handed_on_links" ADD CONSTRAINT "handed_on_links_recipient_id_form_recipients_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."form_recipients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "handed_on_links_recipient_idx" ON "handed_on_links" USING btree ("recipient_id");