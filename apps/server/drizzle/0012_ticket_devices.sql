CREATE TABLE "ticket_devices" (
	"ticket_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	CONSTRAINT "ticket_devices_ticket_id_device_id_pk" PRIMARY KEY("ticket_id","device_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_devices" ADD CONSTRAINT "ticket_devices_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_devices" ADD CONSTRAINT "ticket_devices_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_devices_device_idx" ON "ticket_devices" USING btree ("device_id");