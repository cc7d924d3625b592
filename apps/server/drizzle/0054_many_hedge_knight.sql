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
CREATE TABLE "hr_applicant_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL,
	"actor_id" integer,
	"type" text NOT NULL,
	"from_step_id" integer,
	"to_step_id" integer,
	"body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_applicant_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"name" text NOT NULL,
	"size" integer NOT NULL,
	"mimetype" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_applicants" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'other' NOT NULL,
	"referred_by" integer,
	"step_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"rating" smallint,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rejection_reason" text DEFAULT '' NOT NULL,
	"employee_user_id" integer,
	"step_entered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_interviewers" (
	"interview_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rating" smallint,
	"recommendation" text,
	"feedback" text,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "hr_interviewers_interview_id_user_id_pk" PRIMARY KEY("interview_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hr_interviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"ics_uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"department_id" integer,
	"region_id" integer,
	"employment_type" text NOT NULL,
	"workplace" text NOT NULL,
	"salary_min" numeric(12, 2),
	"salary_max" numeric(12, 2),
	"openings" integer DEFAULT 1 NOT NULL,
	"hiring_manager_id" integer,
	"description_html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"opened_on" date,
	"target_on" date,
	"closed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "hr_anon_access_log" ADD CONSTRAINT "hr_anon_access_log_report_id_hr_anon_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."hr_anon_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_access_log" ADD CONSTRAINT "hr_anon_access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_messages" ADD CONSTRAINT "hr_anon_messages_report_id_hr_anon_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."hr_anon_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_messages" ADD CONSTRAINT "hr_anon_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_notes" ADD CONSTRAINT "hr_anon_notes_report_id_hr_anon_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."hr_anon_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_notes" ADD CONSTRAINT "hr_anon_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_anon_reports" ADD CONSTRAINT "hr_anon_reports_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicant_events" ADD CONSTRAINT "hr_applicant_events_applicant_id_hr_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."hr_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicant_events" ADD CONSTRAINT "hr_applicant_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicant_events" ADD CONSTRAINT "hr_applicant_events_from_step_id_hr_steps_id_fk" FOREIGN KEY ("from_step_id") REFERENCES "public"."hr_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicant_events" ADD CONSTRAINT "hr_applicant_events_to_step_id_hr_steps_id_fk" FOREIGN KEY ("to_step_id") REFERENCES "public"."hr_steps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicant_files" ADD CONSTRAINT "hr_applicant_files_applicant_id_hr_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."hr_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicant_files" ADD CONSTRAINT "hr_applicant_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicants" ADD CONSTRAINT "hr_applicants_job_id_hr_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."hr_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicants" ADD CONSTRAINT "hr_applicants_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicants" ADD CONSTRAINT "hr_applicants_step_id_hr_steps_id_fk" FOREIGN KEY ("step_id") REFERENCES "public"."hr_steps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_applicants" ADD CONSTRAINT "hr_applicants_employee_user_id_users_id_fk" FOREIGN KEY ("employee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_interviewers" ADD CONSTRAINT "hr_interviewers_interview_id_hr_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."hr_interviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_interviewers" ADD CONSTRAINT "hr_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_interviews" ADD CONSTRAINT "hr_interviews_applicant_id_hr_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."hr_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_interviews" ADD CONSTRAINT "hr_interviews_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_jobs" ADD CONSTRAINT "hr_jobs_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_jobs" ADD CONSTRAINT "hr_jobs_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_jobs" ADD CONSTRAINT "hr_jobs_hiring_manager_id_users_id_fk" FOREIGN KEY ("hiring_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "hr_anon_access_log_report_idx" ON "hr_anon_access_log" USING btree ("report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_anon_messages_report_position_unique" ON "hr_anon_messages" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "hr_anon_messages_unreleased_idx" ON "hr_anon_messages" USING btree ("report_id") WHERE "hr_anon_messages"."released_on" is null;--> statement-breakpoint
CREATE INDEX "hr_anon_notes_report_idx" ON "hr_anon_notes" USING btree ("report_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_anon_reports_code_unique" ON "hr_anon_reports" USING btree ("reply_code_hmac");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_released_idx" ON "hr_anon_reports" USING btree ("released_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_status_idx" ON "hr_anon_reports" USING btree ("status","released_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_category_idx" ON "hr_anon_reports" USING btree ("category","released_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_closed_idx" ON "hr_anon_reports" USING btree ("closed_on");--> statement-breakpoint
CREATE INDEX "hr_anon_reports_assignee_idx" ON "hr_anon_reports" USING btree ("assignee_id");--> statement-breakpoint
CREATE INDEX "hr_applicant_events_applicant_idx" ON "hr_applicant_events" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "hr_applicant_events_actor_idx" ON "hr_applicant_events" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "hr_applicant_events_from_step_idx" ON "hr_applicant_events" USING btree ("from_step_id");--> statement-breakpoint
CREATE INDEX "hr_applicant_events_to_step_idx" ON "hr_applicant_events" USING btree ("to_step_id");--> statement-breakpoint
CREATE INDEX "hr_applicant_files_applicant_idx" ON "hr_applicant_files" USING btree ("applicant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_applicant_files_path_unique" ON "hr_applicant_files" USING btree ("storage_path");--> statement-breakpoint
CREATE INDEX "hr_applicant_files_uploaded_by_idx" ON "hr_applicant_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "hr_applicants_board_idx" ON "hr_applicants" USING btree ("job_id","step_id","position");--> statement-breakpoint
CREATE INDEX "hr_applicants_step_idx" ON "hr_applicants" USING btree ("step_id");--> statement-breakpoint
CREATE INDEX "hr_applicants_email_idx" ON "hr_applicants" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "hr_applicants_referred_by_idx" ON "hr_applicants" USING btree ("referred_by");--> statement-breakpoint
CREATE INDEX "hr_applicants_employee_idx" ON "hr_applicants" USING btree ("employee_user_id");--> statement-breakpoint
CREATE INDEX "hr_applicants_activity_idx" ON "hr_applicants" USING btree ("last_activity_at");--> statement-breakpoint
CREATE INDEX "hr_interviewers_user_idx" ON "hr_interviewers" USING btree ("user_id","interview_id");--> statement-breakpoint
CREATE INDEX "hr_interviews_applicant_idx" ON "hr_interviews" USING btree ("applicant_id","starts_at");--> statement-breakpoint
CREATE INDEX "hr_interviews_starts_idx" ON "hr_interviews" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_interviews_ics_uid_unique" ON "hr_interviews" USING btree ("ics_uid");--> statement-breakpoint
CREATE INDEX "hr_interviews_created_by_idx" ON "hr_interviews" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "hr_jobs_status_idx" ON "hr_jobs" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "hr_jobs_department_idx" ON "hr_jobs" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "hr_jobs_region_idx" ON "hr_jobs" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "hr_jobs_hiring_manager_idx" ON "hr_jobs" USING btree ("hiring_manager_id");--> statement-breakpoint
ALTER TABLE "pto_used_hours" ADD CONSTRAINT "pto_used_hours_request_id_hr_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."hr_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pto_used_hours_request_idx" ON "pto_used_hours" USING btree ("request_id");