CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_threads" ADD COLUMN "mail_auth" jsonb;--> statement-breakpoint
ALTER TABLE "held_mail" ADD COLUMN "held_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "held_mail" ADD COLUMN "mail_auth" jsonb;