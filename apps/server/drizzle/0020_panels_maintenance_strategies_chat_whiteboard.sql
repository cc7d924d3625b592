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
CREATE TABLE "product_requirements" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer NOT NULL,
	"option" smallint NOT NULL,
	"product" text NOT NULL,
	"quote_id" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_requirements_option_check" CHECK ("product_requirements"."option" between 1 and 10)
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
CREATE TABLE "shipment_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"status_details" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"status" text DEFAULT 'unknown' NOT NULL,
	"status_details" text DEFAULT '' NOT NULL,
	"tracker_id" text,
	"checked_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "tech_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"task" text NOT NULL,
	"company_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tech_events_slot_check" CHECK ("tech_events"."slot" ~ '^([01][0-9]|2[0-3]):(00|30)$'),
	CONSTRAINT "tech_events_task_check" CHECK ("tech_events"."task" in ('Projects', 'Frontline'))
);
--> statement-breakpoint
CREATE TABLE "whiteboard_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"article_text" text NOT NULL,
	"category_id" integer NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, title), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(article_text, '<[^>]*>', ' ', 'g')), 'B')) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whiteboard_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"category_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whiteboard_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"article_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"path" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"mime_type" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_room_members" (
	"room_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_room_members_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chat_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_one_id" integer NOT NULL,
	"user_two_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_rooms_pair_order_check" CHECK ("chat_rooms"."user_one_id" < "chat_rooms"."user_two_id")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "server_id" integer;--> statement-breakpoint
ALTER TABLE "device_server_roles" ADD CONSTRAINT "device_server_roles_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_server_roles" ADD CONSTRAINT "device_server_roles_role_id_server_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."server_roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requirements" ADD CONSTRAINT "product_requirements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requirements" ADD CONSTRAINT "product_requirements_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requirements" ADD CONSTRAINT "product_requirements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_link_id_approval_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."approval_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_approvals" ADD CONSTRAINT "project_approvals_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_history" ADD CONSTRAINT "shipment_history_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
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
ALTER TABLE "tech_events" ADD CONSTRAINT "tech_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_events" ADD CONSTRAINT "tech_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tech_events" ADD CONSTRAINT "tech_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_articles" ADD CONSTRAINT "whiteboard_articles_category_id_whiteboard_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."whiteboard_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_articles" ADD CONSTRAINT "whiteboard_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_articles" ADD CONSTRAINT "whiteboard_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_categories" ADD CONSTRAINT "whiteboard_categories_parent_id_whiteboard_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."whiteboard_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_images" ADD CONSTRAINT "whiteboard_images_article_id_whiteboard_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."whiteboard_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_images" ADD CONSTRAINT "whiteboard_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_files" ADD CONSTRAINT "chat_files_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_room_id_chat_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."chat_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_room_members" ADD CONSTRAINT "chat_room_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_user_one_id_users_id_fk" FOREIGN KEY ("user_one_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_rooms" ADD CONSTRAINT "chat_rooms_user_two_id_users_id_fk" FOREIGN KEY ("user_two_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_server_roles_role_idx" ON "device_server_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "server_roles_name_idx" ON "server_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "product_requirements_project_idx" ON "product_requirements" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_requirements_quote_idx" ON "product_requirements" USING btree ("quote_id") WHERE "product_requirements"."quote_id" is not null;--> statement-breakpoint
CREATE INDEX "approval_links_project_idx" ON "approval_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "approval_throttles_window_idx" ON "approval_throttles" USING btree ("window_started_at");--> statement-breakpoint
CREATE INDEX "project_approvals_project_idx" ON "project_approvals" USING btree ("project_id","kind","id");--> statement-breakpoint
CREATE INDEX "project_approvals_link_idx" ON "project_approvals" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "project_approvals_quote_idx" ON "project_approvals" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_history_event_idx" ON "shipment_history" USING btree ("shipment_id","time","status_details");--> statement-breakpoint
CREATE INDEX "shipments_project_idx" ON "shipments" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracker_idx" ON "shipments" USING btree ("tracker_id") WHERE "shipments"."tracker_id" is not null;--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("checked_at" NULLS FIRST,"id") WHERE "shipments"."status" not in ('delivered', 'cancelled');--> statement-breakpoint
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
CREATE UNIQUE INDEX "tech_events_user_day_slot_idx" ON "tech_events" USING btree ("user_id","day","slot");--> statement-breakpoint
CREATE INDEX "tech_events_day_idx" ON "tech_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "tech_events_company_idx" ON "tech_events" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_category_idx" ON "whiteboard_articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_search_idx" ON "whiteboard_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_created_by_idx" ON "whiteboard_articles" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_updated_by_idx" ON "whiteboard_articles" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "whiteboard_categories_parent_name_unique" ON "whiteboard_categories" USING btree (coalesce("parent_id", 0),lower("category_name"));--> statement-breakpoint
CREATE INDEX "whiteboard_categories_parent_idx" ON "whiteboard_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whiteboard_images_path_unique" ON "whiteboard_images" USING btree ("path");--> statement-breakpoint
CREATE INDEX "whiteboard_images_article_idx" ON "whiteboard_images" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "whiteboard_images_uploaded_by_idx" ON "whiteboard_images" USING btree ("uploaded_by");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_files_path_idx" ON "chat_files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "chat_files_message_idx" ON "chat_files" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_files_room_idx" ON "chat_files" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "chat_messages_room_id_idx" ON "chat_messages" USING btree ("room_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_room_members_user_idx" ON "chat_room_members" USING btree ("user_id","room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_rooms_pair_idx" ON "chat_rooms" USING btree ("user_one_id","user_two_id");--> statement-breakpoint
CREATE INDEX "chat_rooms_user_two_idx" ON "chat_rooms" USING btree ("user_two_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_server_id_devices_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_scheduled_servers_idx" ON "devices" USING btree ("company_id","site_id") WHERE "devices"."type" = 'servers' and "devices"."scheduled_maintenance" = 1;--> statement-breakpoint
CREATE INDEX "tickets_server_idx" ON "tickets" USING btree ("server_id") WHERE "tickets"."server_id" is not null;--> statement-breakpoint
CREATE INDEX "quotes_project_idx" ON "quotes" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_slots_day_idx" ON "project_slots" USING btree ("start_date");--> statement-breakpoint
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