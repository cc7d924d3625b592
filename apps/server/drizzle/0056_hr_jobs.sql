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
CREATE INDEX "hr_jobs_hiring_manager_idx" ON "hr_jobs" USING btree ("hiring_manager_id");