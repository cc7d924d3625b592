CREATE TABLE "hr_request_days" (
	"request_id" integer NOT NULL,
	"date" date NOT NULL,
	"user_id" integer NOT NULL,
	"hours" numeric(5, 2) NOT NULL,
	"bank" text NOT NULL,
	"part" text DEFAULT 'full' NOT NULL,
	"start_time" text,
	"end_time" text,
	"scheduled_hours" numeric(5, 2) DEFAULT '0' NOT NULL,
	"holiday" text,
	CONSTRAINT "hr_request_days_request_id_date_pk" PRIMARY KEY("request_id","date"),
	CONSTRAINT "hr_request_days_hours_check" CHECK ("hr_request_days"."hours" >= 0),
	CONSTRAINT "hr_request_days_part_check" CHECK ("hr_request_days"."part" in ('full', 'morning', 'afternoon', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "hr_request_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"comment" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_request_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"stage" text DEFAULT 'manager' NOT NULL,
	"reason" text,
	"bank" text,
	"start_date" date,
	"end_date" date,
	"total_hours" numeric(7, 2) DEFAULT '0' NOT NULL,
	"details" jsonb,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stage_since" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "hr_requests_status_check" CHECK ("hr_requests"."status" in ('pending', 'approved', 'denied', 'cancelled', 'completed')),
	CONSTRAINT "hr_requests_stage_check" CHECK ("hr_requests"."stage" in ('manager', 'hr')),
	CONSTRAINT "hr_requests_bank_check" CHECK ("hr_requests"."bank" is null or "hr_requests"."bank" in ('accrual', 'lump_sum', 'unpaid')),
	CONSTRAINT "hr_requests_dates_check" CHECK ("hr_requests"."end_date" is null or "hr_requests"."end_date" >= "hr_requests"."start_date")
);
--> statement-breakpoint
ALTER TABLE "pto_used_hours" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "hr_request_days" ADD CONSTRAINT "hr_request_days_request_id_hr_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hr_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_request_days" ADD CONSTRAINT "hr_request_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_request_events" ADD CONSTRAINT "hr_request_events_request_id_hr_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hr_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_request_events" ADD CONSTRAINT "hr_request_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_request_mails" ADD CONSTRAINT "hr_request_mails_request_id_hr_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hr_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_request_mails" ADD CONSTRAINT "hr_request_mails_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_request_mails" ADD CONSTRAINT "hr_request_mails_event_id_hr_request_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."hr_request_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD CONSTRAINT "hr_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD CONSTRAINT "hr_requests_category_id_hr_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."hr_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD CONSTRAINT "hr_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_requests" ADD CONSTRAINT "hr_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_request_days_user_date_idx" ON "hr_request_days" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "hr_request_days_date_idx" ON "hr_request_days" USING btree ("date");--> statement-breakpoint
CREATE INDEX "hr_request_events_request_idx" ON "hr_request_events" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "hr_request_events_actor_idx" ON "hr_request_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "hr_request_mails_unsent_idx" ON "hr_request_mails" USING btree ("id") WHERE "hr_request_mails"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "hr_request_mails_request_idx" ON "hr_request_mails" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "hr_request_mails_recipient_idx" ON "hr_request_mails" USING btree ("recipient_id");--> statement-breakpoint
CREATE INDEX "hr_request_mails_event_idx" ON "hr_request_mails" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "hr_requests_user_start_idx" ON "hr_requests" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "hr_requests_status_stage_idx" ON "hr_requests" USING btree ("status","stage");--> statement-breakpoint
CREATE INDEX "hr_requests_category_created_idx" ON "hr_requests" USING btree ("category_id","created_at");--> statement-breakpoint
CREATE INDEX "hr_requests_created_idx" ON "hr_requests" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "pto_used_hours" ADD CONSTRAINT "pto_used_hours_request_id_hr_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hr_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pto_used_hours_request_idx" ON "pto_used_hours" USING btree ("request_id");