CREATE TABLE "crm_dial_session_items" (
	"session_id" integer NOT NULL,
	"position" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"call_id" bigint,
	"skip_reason" text,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_dial_session_items_session_id_position_pk" PRIMARY KEY("session_id","position"),
	CONSTRAINT "crm_dial_session_items_state_check" CHECK ("crm_dial_session_items"."state" in ('queued', 'dialing', 'done', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "crm_dial_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_only" boolean DEFAULT true NOT NULL,
	"voicemail_id" integer,
	"wrap_up_seconds" smallint NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_dial_sessions_status_check" CHECK ("crm_dial_sessions"."status" in ('ready', 'active', 'paused', 'finished')),
	CONSTRAINT "crm_dial_sessions_wrap_up_check" CHECK ("crm_dial_sessions"."wrap_up_seconds" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "crm_dial_session_items" ADD CONSTRAINT "crm_dial_session_items_session_id_crm_dial_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."crm_dial_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_dial_session_items" ADD CONSTRAINT "crm_dial_session_items_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_dial_sessions" ADD CONSTRAINT "crm_dial_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_dial_sessions" ADD CONSTRAINT "crm_dial_sessions_voicemail_id_voicemails_id_fk" FOREIGN KEY ("voicemail_id") REFERENCES "public"."voicemails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_dial_session_items_queued_idx" ON "crm_dial_session_items" USING btree ("session_id","position") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "crm_dial_session_items_lead_idx" ON "crm_dial_session_items" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_dial_sessions_one_open" ON "crm_dial_sessions" USING btree ("user_id") WHERE status <> 'finished';--> statement-breakpoint
CREATE INDEX "crm_dial_sessions_user_idx" ON "crm_dial_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);