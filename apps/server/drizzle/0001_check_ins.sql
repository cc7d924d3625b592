CREATE TABLE "check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_id" integer,
	"ticket_id" integer,
	"project_step_id" integer,
	"start_time" timestamp with time zone DEFAULT now() NOT NULL,
	"end_time" timestamp with time zone,
	"billable" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_billable_check" CHECK ("check_ins"."billable" in (0, 1)),
	CONSTRAINT "check_ins_period_check" CHECK ("check_ins"."end_time" is null or "check_ins"."end_time" >= "check_ins"."start_time")
);
--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_company_start_idx" ON "check_ins" USING btree ("company_id","start_time");--> statement-breakpoint
CREATE INDEX "check_ins_ticket_start_idx" ON "check_ins" USING btree ("ticket_id","start_time");--> statement-breakpoint
CREATE INDEX "check_ins_project_step_idx" ON "check_ins" USING btree ("project_step_id");--> statement-breakpoint
CREATE INDEX "check_ins_user_start_idx" ON "check_ins" USING btree ("user_id","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_one_open_per_user_ticket" ON "check_ins" USING btree ("user_id","ticket_id") WHERE "check_ins"."end_time" is null and "check_ins"."ticket_id" is not null;