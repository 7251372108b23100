CREATE INDEX "audit_company_source_at_idx" ON "audit_events" USING btree ("company_id","source","at");--> statement-breakpoint
CREATE INDEX "audit_company_event_at_idx" ON "audit_events" USING btree ("company_id","event","at");--> statement-breakpoint
CREATE INDEX "audit_user_idx" ON "audit_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_search_idx" ON "audit_events" USING gin (("actor" || ' ' || "target") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "deliveries_form_idx" ON "deliveries" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin (("name" || ' ' || "uploaded_by") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "forms_company_sent_idx" ON "forms" USING btree ("company_id","sent_at","template_id") WHERE "forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forms_company_completed_sent_idx" ON "forms" USING btree ("company_id","completed_at","sent_at") WHERE "forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forms_search_idx" ON "forms" USING gin (("reference" || ' ' || "title" || ' ' || "sender_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "integrations_company_template_idx" ON "integrations" USING btree ("company_id","template_id");