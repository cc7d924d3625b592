CREATE TABLE "crm_appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"set_by" integer,
	"assigned_to" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text DEFAULT 'onsite' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_appointments_kind_check" CHECK ("crm_appointments"."kind" in ('onsite', 'phone', 'video')),
	CONSTRAINT "crm_appointments_status_check" CHECK ("crm_appointments"."status" in ('scheduled', 'held', 'no_show', 'cancelled')),
	CONSTRAINT "crm_appointments_range_check" CHECK ("crm_appointments"."ends_at" > "crm_appointments"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "crm_appointments" ADD CONSTRAINT "crm_appointments_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_appointments" ADD CONSTRAINT "crm_appointments_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_appointments" ADD CONSTRAINT "crm_appointments_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_appointments_assigned_idx" ON "crm_appointments" USING btree ("assigned_to","starts_at");--> statement-breakpoint
CREATE INDEX "crm_appointments_lead_idx" ON "crm_appointments" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "crm_appointments_set_idx" ON "crm_appointments" USING btree ("created_at","set_by");