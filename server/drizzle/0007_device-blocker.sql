ALTER TABLE "devices" ADD COLUMN "blocked_by" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "blocked_by_role" text;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_blocked_by_users_id_fk" FOREIGN KEY ("blocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;