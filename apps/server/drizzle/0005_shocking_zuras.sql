CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"asset_tag" text,
	"serial_number" text,
	"model" text,
	"purchase_date" date,
	"warranty_date" date,
	"operating_system_id" integer,
	"antivirus_id" integer,
	"roles" text,
	"scheduled_maintenance" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_drives" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"letter" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_operating_system_id_operating_systems_id_fk" FOREIGN KEY ("operating_system_id") REFERENCES "public"."operating_systems"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_antivirus_id_antiviruses_id_fk" FOREIGN KEY ("antivirus_id") REFERENCES "public"."antiviruses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_drives" ADD CONSTRAINT "server_drives_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_company_type_idx" ON "devices" USING btree ("company_id","type","name");--> statement-breakpoint
CREATE INDEX "devices_type_idx" ON "devices" USING btree ("type","name");--> statement-breakpoint
CREATE INDEX "devices_site_idx" ON "devices" USING btree ("site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_drives_device_letter_idx" ON "server_drives" USING btree ("device_id","letter");