CREATE TABLE "tracking_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "tracker_updated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tracking_webhook_events_created_idx" ON "tracking_webhook_events" USING btree ("created_at");