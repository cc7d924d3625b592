CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"client_user_id" integer,
	"coordinator_id" integer,
	"planner_id" integer,
	"researcher_id" integer,
	"quoter_id" integer,
	"labor_required" smallint DEFAULT 0 NOT NULL,
	"procurement_required" smallint DEFAULT 0 NOT NULL,
	"verbally_approved" smallint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"goals" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	CONSTRAINT "projects_labor_required_check" CHECK ("projects"."labor_required" in (0, 1)),
	CONSTRAINT "projects_procurement_required_check" CHECK ("projects"."procurement_required" in (0, 1)),
	CONSTRAINT "projects_verbally_approved_check" CHECK ("projects"."verbally_approved" in (0, 1))
);
--> statement-breakpoint
DROP INDEX "tickets_status_updated_idx";--> statement-breakpoint
DROP INDEX "tickets_updated_idx";--> statement-breakpoint
DROP INDEX "tickets_company_status_idx";--> statement-breakpoint
DROP INDEX "tickets_employee_status_idx";--> statement-breakpoint
DROP INDEX "tickets_escalated_idx";--> statement-breakpoint
DROP INDEX "tickets_search_idx";--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "project_order" smallint;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_client_user_id_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_planner_id_users_id_fk" FOREIGN KEY ("planner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_researcher_id_users_id_fk" FOREIGN KEY ("researcher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_quoter_id_users_id_fk" FOREIGN KEY ("quoter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_company_idx" ON "projects" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "projects_site_idx" ON "projects" USING btree ("site_id");--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_project_start_idx" ON "check_ins" USING btree ("project_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_project_order_idx" ON "tickets" USING btree ("project_id","project_order") WHERE "tickets"."project_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_status_updated_idx" ON "tickets" USING btree ("status","updated_at") WHERE "tickets"."project_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at") WHERE "tickets"."project_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_company_status_idx" ON "tickets" USING btree ("company_id","status") WHERE "tickets"."project_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_employee_status_idx" ON "tickets" USING btree ("employee_id","status") WHERE "tickets"."project_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_escalated_idx" ON "tickets" USING btree ("escalated","updated_at") WHERE "tickets"."project_id" is null;--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("subject_search") WHERE "tickets"."project_id" is null;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_project_order_check" CHECK (("tickets"."project_id" is null) = ("tickets"."project_order" is null) and ("tickets"."project_order" is null or "tickets"."project_order" between 0 and 11));