CREATE TABLE "company_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"flag" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer
);
--> statement-breakpoint
CREATE TABLE "grade_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"question" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_grade_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"grade_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"answer" integer NOT NULL,
	"notes" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "network_grades" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"average" double precision,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_flags" ADD CONSTRAINT "company_flags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_flags" ADD CONSTRAINT "company_flags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_flags" ADD CONSTRAINT "company_flags_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grade_answers" ADD CONSTRAINT "network_grade_answers_grade_id_network_grades_id_fk" FOREIGN KEY ("grade_id") REFERENCES "public"."network_grades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grade_answers" ADD CONSTRAINT "network_grade_answers_question_id_grade_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."grade_questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grades" ADD CONSTRAINT "network_grades_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grades" ADD CONSTRAINT "network_grades_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "network_grades" ADD CONSTRAINT "network_grades_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_flags_company_idx" ON "company_flags" USING btree ("company_id","deleted_at");--> statement-breakpoint
CREATE INDEX "grade_questions_category_idx" ON "grade_questions" USING btree ("category","sort_order");--> statement-breakpoint
CREATE INDEX "network_grade_answers_grade_idx" ON "network_grade_answers" USING btree ("grade_id");--> statement-breakpoint
CREATE INDEX "network_grade_answers_question_idx" ON "network_grade_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "network_grades_company_idx" ON "network_grades" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "network_grades_site_idx" ON "network_grades" USING btree ("site_id");