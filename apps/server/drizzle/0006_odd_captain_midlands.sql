CREATE TABLE "agent_phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_phone_numbers_phone_number_unique" UNIQUE("phone_number")
);
--> statement-breakpoint
CREATE TABLE "agent_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"phone_number_id" integer,
	"reminder_emails" integer DEFAULT 0 NOT NULL,
	"callback_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_settings_phone_number_id_unique" UNIQUE("phone_number_id")
);
--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_phone_number_id_agent_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."agent_phone_numbers"("id") ON DELETE set null ON UPDATE no action;