CREATE TABLE "tech_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"task" text NOT NULL,
	"company_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_events_slot_check" CHECK ("tech_events"."slot" ~ '^([01][0-9]|2[0-3]):(00|30)$'),
	CONSTRAINT "tech_events_task_check" CHECK ("tech_events"."task" in ('Projects', 'Frontline'))
);
--> statement-breakpoint
ALTER TABLE "tech_events" ADD CONSTRAINT "tech_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_events" ADD CONSTRAINT "tech_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_events" ADD CONSTRAINT "tech_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tech_events_user_day_slot_idx" ON "tech_events" USING btree ("user_id","day","slot");--> statement-breakpoint
CREATE INDEX "tech_events_day_idx" ON "tech_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tech_events_company_idx" ON "tech_events" USING btree ("company_id");--> statement-breakpoint
-- Hand-added (decision 0051): the tech resources grid reads every project slot of one day.
CREATE INDEX IF NOT EXISTS "project_slots_day_idx" ON "project_slots" USING btree ("start_date");
