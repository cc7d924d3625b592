CREATE TABLE "hr_anon_access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"user_id" integer,
	"action" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_anon_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"from_reporter" boolean NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_on" date NOT NULL,
	"released_on" date,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_anon_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" uuid NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_anon_releases" (
	"slot_at" timestamp with time zone PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_anon_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"received_on" date NOT NULL,
	"released_on" date,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_id" integer,
	"reply_code_hmac" "bytea",
	"excluded_reader_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"closed_on" date
);
--> statement-breakpoint
ALTER TABLE "hr_anon_access_log" ADD CONSTRAINT "hr_anon_access_log_report_id_hr_anon_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."hr_anon_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_access_log" ADD CONSTRAINT "hr_anon_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_messages" ADD CONSTRAINT "hr_anon_messages_report_id_hr_anon_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."hr_anon_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_messages" ADD CONSTRAINT "hr_anon_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_notes" ADD CONSTRAINT "hr_anon_notes_report_id_hr_anon_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."hr_anon_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_notes" ADD CONSTRAINT "hr_anon_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_reports" ADD CONSTRAINT "hr_anon_reports_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_anon_access_log_report_idx" ON "hr_anon_access_log" USING btree ("report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_anon_messages_report_position_unique" ON "hr_anon_messages" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "hr_anon_messages_unreleased_idx" ON "hr_anon_messages" USING btree ("report_id") WHERE "hr_anon_messages"."released_on" is null;--> statement-breakpoint
CREATE INDEX "hr_anon_notes_report_idx" ON "hr_anon_notes" USING btree ("report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_anon_reports_code_unique" ON "hr_anon_reports" USING btree ("reply_code_hmac");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_released_idx" ON "hr_anon_reports" USING btree ("released_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_status_idx" ON "hr_anon_reports" USING btree ("status","released_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_category_idx" ON "hr_anon_reports" USING btree ("category","released_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_closed_idx" ON "hr_anon_reports" USING btree ("closed_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_assignee_idx" ON "hr_anon_reports" USING btree ("assignee_id");