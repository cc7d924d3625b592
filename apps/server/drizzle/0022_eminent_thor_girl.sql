CREATE TABLE "device_server_roles" (
	"device_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "device_server_roles_device_id_role_id_pk" PRIMARY KEY("device_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "server_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"message" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "approval_throttles" (
	"address" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"link_id" integer NOT NULL,
	"project_overview" boolean DEFAULT false NOT NULL,
	"quote_id" integer,
	"status" smallint,
	"user_id" integer,
	"email_address" text NOT NULL,
	"added_by" integer,
	"comment" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_approvals_status_check" CHECK ("project_approvals"."status" is null or "project_approvals"."status" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "backup_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"source_type" integer NOT NULL,
	"source" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"backup_type" integer NOT NULL,
	"schedule" jsonb,
	"program" integer NOT NULL,
	"software" text,
	"destination_type" integer NOT NULL,
	"destination" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offsite_backup_location" text,
	"local_backup_location" text,
	"notes" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_strategies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"date" date NOT NULL,
	"hdd_priority" text DEFAULT '' NOT NULL,
	"printer_priority" text DEFAULT '' NOT NULL,
	"modem_priority" text DEFAULT '' NOT NULL,
	"router_priority" text DEFAULT '' NOT NULL,
	"ap_priority" text DEFAULT '' NOT NULL,
	"server_priority" text DEFAULT '' NOT NULL,
	"switches_priority" text DEFAULT '' NOT NULL,
	"ups_priority" text DEFAULT '' NOT NULL,
	"workstation_priority" text DEFAULT '' NOT NULL,
	"overview" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_strategy_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"strategy_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_software" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analysis_answers" (
	"analysis_id" integer NOT NULL,
	"question_id" smallint NOT NULL,
	"answer" double precision,
	"notes" text NOT NULL,
	"drive_id" integer,
	"letter" text,
	"size" integer,
	CONSTRAINT "analysis_answers_analysis_id_question_id_pk" PRIMARY KEY("analysis_id","question_id"),
	CONSTRAINT "analysis_answers_question_check" CHECK (("analysis_answers"."question_id" between 1 and 17 and "analysis_answers"."letter" is null) or ("analysis_answers"."question_id" >= 20 and "analysis_answers"."letter" is not null))
);
--> statement-breakpoint
CREATE TABLE "baseline_answers" (
	"checklist_id" integer NOT NULL,
	"question_id" smallint NOT NULL,
	"answer" smallint DEFAULT 0 NOT NULL,
	"notes" text NOT NULL,
	CONSTRAINT "baseline_answers_checklist_id_question_id_pk" PRIMARY KEY("checklist_id","question_id"),
	CONSTRAINT "baseline_answers_question_check" CHECK ("baseline_answers"."question_id" between 1 and 18),
	CONSTRAINT "baseline_answers_answer_check" CHECK ("baseline_answers"."answer" between 0 and 3)
);
--> statement-breakpoint
CREATE TABLE "baseline_checklists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"server_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baseline_checklists_month_check" CHECK ("baseline_checklists"."month" between 1 and 12 and "baseline_checklists"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "exchange_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"server_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolution" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "exchange_analyses_month_check" CHECK ("exchange_analyses"."month" between 1 and 12 and "exchange_analyses"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "exchange_attachments" (
	"attachment_id" integer PRIMARY KEY NOT NULL,
	"exchange_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "maintenance_tickets" (
	"server_id" integer NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "maintenance_tickets_server_id_year_month_pk" PRIMARY KEY("server_id","year","month"),
	CONSTRAINT "maintenance_tickets_ticket_id_unique" UNIQUE("ticket_id"),
	CONSTRAINT "maintenance_tickets_month_check" CHECK ("maintenance_tickets"."month" between 1 and 12 and "maintenance_tickets"."year" between 2000 and 2100)
);
--> statement-breakpoint
CREATE TABLE "server_analyses" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"site_id" integer,
	"server_id" integer NOT NULL,
	"month" smallint NOT NULL,
	"year" smallint NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "server_analyses_month_check" CHECK ("server_analyses"."month" between 1 and 12 and "server_analyses"."year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "server_id" integer;--> statement-breakpoint
ALTER TABLE "device_server_roles" ADD CONSTRAINT "device_server_roles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_server_roles" ADD CONSTRAINT "device_server_roles_role_id_server_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."server_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_link_id_approval_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."approval_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_strategies" ADD CONSTRAINT "backup_strategies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_strategies" ADD CONSTRAINT "backup_strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_strategies" ADD CONSTRAINT "refresh_strategies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_strategies" ADD CONSTRAINT "refresh_strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_strategy_recipients" ADD CONSTRAINT "refresh_strategy_recipients_strategy_id_refresh_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."refresh_strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_strategy_recipients" ADD CONSTRAINT "refresh_strategy_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_software" ADD CONSTRAINT "server_software_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD CONSTRAINT "analysis_answers_analysis_id_server_analyses_id_fk" FOREIGN KEY ("analysis_id") REFERENCES "public"."server_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_answers" ADD CONSTRAINT "analysis_answers_drive_id_server_drives_id_fk" FOREIGN KEY ("drive_id") REFERENCES "public"."server_drives"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_answers" ADD CONSTRAINT "baseline_answers_checklist_id_baseline_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."baseline_checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_checklists" ADD CONSTRAINT "baseline_checklists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_checklists" ADD CONSTRAINT "baseline_checklists_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_checklists" ADD CONSTRAINT "baseline_checklists_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_checklists" ADD CONSTRAINT "baseline_checklists_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baseline_checklists" ADD CONSTRAINT "baseline_checklists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_analyses" ADD CONSTRAINT "exchange_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_analyses" ADD CONSTRAINT "exchange_analyses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_analyses" ADD CONSTRAINT "exchange_analyses_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_analyses" ADD CONSTRAINT "exchange_analyses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_analyses" ADD CONSTRAINT "exchange_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_attachments" ADD CONSTRAINT "exchange_attachments_attachment_id_ticket_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."ticket_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_attachments" ADD CONSTRAINT "exchange_attachments_exchange_id_exchange_analyses_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchange_analyses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_tickets" ADD CONSTRAINT "maintenance_tickets_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_tickets" ADD CONSTRAINT "maintenance_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_analyses" ADD CONSTRAINT "server_analyses_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_analyses" ADD CONSTRAINT "server_analyses_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_analyses" ADD CONSTRAINT "server_analyses_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_analyses" ADD CONSTRAINT "server_analyses_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "server_analyses" ADD CONSTRAINT "server_analyses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_server_roles_role_idx" ON "device_server_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_roles_name_idx" ON "server_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "approval_links_project_idx" ON "approval_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "approval_throttles_window_idx" ON "approval_throttles" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "project_approvals_project_idx" ON "project_approvals" USING btree ("project_id","kind","id");--> statement-breakpoint
CREATE INDEX "project_approvals_link_idx" ON "project_approvals" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "project_approvals_quote_idx" ON "project_approvals" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "backup_strategies_company_idx" ON "backup_strategies" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "refresh_strategies_company_idx" ON "refresh_strategies" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "refresh_strategy_recipients_strategy_idx" ON "refresh_strategy_recipients" USING btree ("strategy_id");--> statement-breakpoint
CREATE INDEX "server_software_device_idx" ON "server_software" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "baseline_checklists_server_month_idx" ON "baseline_checklists" USING btree ("server_id","year","month");--> statement-breakpoint
CREATE INDEX "baseline_checklists_ticket_idx" ON "baseline_checklists" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_analyses_server_month_idx" ON "exchange_analyses" USING btree ("server_id","year","month");--> statement-breakpoint
CREATE INDEX "exchange_analyses_ticket_idx" ON "exchange_analyses" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "exchange_attachments_exchange_idx" ON "exchange_attachments" USING btree ("exchange_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_analyses_server_month_idx" ON "server_analyses" USING btree ("server_id","year","month");--> statement-breakpoint
CREATE INDEX "server_analyses_ticket_idx" ON "server_analyses" USING btree ("ticket_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_scheduled_servers_idx" ON "devices" USING btree ("company_id","site_id") WHERE "devices"."type" = 'servers' and "devices"."scheduled_maintenance" = 1;--> statement-breakpoint
CREATE INDEX "tickets_server_idx" ON "tickets" USING btree ("server_id") WHERE "tickets"."server_id" is not null;--> statement-breakpoint
-- Hand-added (H4, decision 0049): keep the free-text server roles as named roles before the column goes.
INSERT INTO "server_roles" ("name")
SELECT DISTINCT ON (lower(n)) n FROM (
  SELECT left(btrim(regexp_replace(part, '\s+', ' ', 'g')), 100) AS n
  FROM "devices", regexp_split_to_table(coalesce("devices"."roles", ''), '[,;\n]') AS part
  WHERE "devices"."type" = 'servers'
) named WHERE n <> '' ORDER BY lower(n), n
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "device_server_roles" ("device_id", "role_id", "position")
SELECT d."id", r."id", min(p.ord) - 1
FROM "devices" d
CROSS JOIN LATERAL regexp_split_to_table(coalesce(d."roles", ''), '[,;\n]') WITH ORDINALITY AS p(part, ord)
JOIN "server_roles" r ON lower(r."name") = lower(left(btrim(regexp_replace(p.part, '\s+', ' ', 'g')), 100))
WHERE d."type" = 'servers'
GROUP BY d."id", r."id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "devices" DROP COLUMN "roles";