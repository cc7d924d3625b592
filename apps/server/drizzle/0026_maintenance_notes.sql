CREATE TABLE "maintenance_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"server_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	CONSTRAINT "maintenance_notes_month_check" CHECK ("maintenance_notes"."month" between 1 and 12 and "maintenance_notes"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "maintenance_notes" ADD CONSTRAINT "maintenance_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notes" ADD CONSTRAINT "maintenance_notes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notes" ADD CONSTRAINT "maintenance_notes_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notes" ADD CONSTRAINT "maintenance_notes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notes" ADD CONSTRAINT "maintenance_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_notes" ADD CONSTRAINT "maintenance_notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_notes_server_month_idx" ON "maintenance_notes" USING btree ("server_id","year","month");--> statement-breakpoint
CREATE INDEX "maintenance_notes_ticket_idx" ON "maintenance_notes" USING btree ("ticket_id");