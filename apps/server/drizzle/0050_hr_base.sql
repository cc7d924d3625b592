CREATE TABLE "hr_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"approval" text NOT NULL,
	"color" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hr_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"color" text NOT NULL,
	"email_subject" text DEFAULT '' NOT NULL,
	"email_body" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "work_hours" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "hr_categories_name_lower_unique" ON "hr_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hr_categories_order_idx" ON "hr_categories" USING btree ("sort_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "hr_steps_name_lower_unique" ON "hr_steps" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hr_steps_order_idx" ON "hr_steps" USING btree ("sort_order","id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employees_manager_idx" ON "employees" USING btree ("manager_id");--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_manager_not_self" CHECK ("employees"."manager_id" is null or "employees"."manager_id" <> "employees"."user_id");--> statement-breakpoint
-- The seeds of designs/hr.md §2.1: the kinds of request and the hiring pipeline (decision 0102).
INSERT INTO "hr_categories" ("name", "kind", "approval", "color", "sort_order") VALUES
  ('Time Off', 'time_off', 'manager', '#228be6', 1),
  ('Equipment', 'equipment', 'manager_then_hr', '#12b886', 2),
  ('Schedule Change', 'schedule_change', 'manager_then_hr', '#fab005', 3),
  ('Other', 'general', 'hr', '#868e96', 4);--> statement-breakpoint
INSERT INTO "hr_steps" ("name", "kind", "color", "sort_order") VALUES
  ('Applied', 'active', '#868e96', 1),
  ('Phone Screen', 'active', '#228be6', 2),
  ('Technical Interview', 'active', '#7950f2', 3),
  ('Final Interview', 'active', '#be4bdb', 4),
  ('Offer', 'active', '#fab005', 5),
  ('Hired', 'hired', '#40c057', 6),
  ('Rejected', 'rejected', '#fa5252', 7);
