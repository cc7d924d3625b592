CREATE TABLE "shipment_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"status_details" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"status_details" text DEFAULT '' NOT NULL,
	"tracker_id" text,
	"checked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipment_history" ADD CONSTRAINT "shipment_history_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_history_event_idx" ON "shipment_history" USING btree ("shipment_id","time","status_details");--> statement-breakpoint
CREATE INDEX "shipments_project_idx" ON "shipments" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracker_idx" ON "shipments" USING btree ("tracker_id") WHERE "shipments"."tracker_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("checked_at" NULLS FIRST,"id") WHERE "shipments"."status" not in ('delivered', 'cancelled');