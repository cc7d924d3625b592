-- The phone key of designs/crm-softphone.md §2.3 (phoneKey in packages/shared/src/crm.ts): digits only, an
-- extension (x, ext, extension, #) dropped, a leading 1 on 11 digits dropped; 10 digits or null.
CREATE OR REPLACE FUNCTION crm_phone_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN d ~ '^1[0-9]{10}$' THEN substr(d, 2) WHEN d ~ '^[0-9]{10}$' THEN d ELSE NULL END
  FROM (
    SELECT regexp_replace(
      regexp_replace(coalesce(value, ''), '\s*(x|ext\.?|extension|#).*$', '', 'i'), '[^0-9]', '', 'g'
    ) AS d
  ) AS digits
$$;
--> statement-breakpoint
CREATE TABLE "crm_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"lead_id" integer,
	"user_id" integer,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"call_number" text,
	"call_number_clean" text,
	"dial_number" text,
	"agent_number" text,
	"callback_number" text,
	"voicemail_id" integer,
	"voicemail_status" text,
	"amd_result" text,
	"call_control_id" text,
	"local_call_control_id" text,
	"call_session_id" text,
	"conference_id" text,
	"transfer_to" text,
	"hangup_cause" text,
	"disposition" text,
	"dial_session_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"duration_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_do_not_call" (
	"phone_digits" text PRIMARY KEY NOT NULL,
	"reason" text,
	"added_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_lead_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"first_name" text,
	"last_name" text,
	"title" text,
	"phone" text,
	"phone_ext" text,
	"mobile" text,
	"email" text,
	"is_primary" boolean DEFAULT false NOT NULL,
	"phone_digits" text GENERATED ALWAYS AS (crm_phone_key(phone)) STORED,
	"mobile_digits" text GENERATED ALWAYS AS (crm_phone_key(mobile)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_lead_counts" (
	"campaign_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_lead_counts_campaign_id_status_pk" PRIMARY KEY("campaign_id","status")
);
--> statement-breakpoint
CREATE TABLE "crm_lead_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"user_id" integer,
	"call_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"title" text,
	"phone" text,
	"phone_ext" text,
	"mobile" text,
	"email" text,
	"address" text,
	"city" text,
	"state" text,
	"zip" text,
	"website" text,
	"region_id" integer,
	"industry_id" integer,
	"campaign_id" integer,
	"status" smallint DEFAULT 0 NOT NULL,
	"next_touch" date,
	"manager_id" integer,
	"calls_count" integer DEFAULT 0 NOT NULL,
	"last_call_at" timestamp with time zone,
	"do_not_call" boolean DEFAULT false NOT NULL,
	"bad_number" boolean DEFAULT false NOT NULL,
	"company_id" integer,
	"phone_digits" text GENERATED ALWAYS AS (crm_phone_key(phone)) STORED,
	"mobile_digits" text GENERATED ALWAYS AS (crm_phone_key(mobile)) STORED,
	"email_key" text GENERATED ALWAYS AS (nullif(lower(trim(email)), '')) STORED,
	"dialing_by" integer,
	"dialing_until" timestamp with time zone,
	"import_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "crm_leads_status_check" CHECK ("crm_leads"."status" in (0, 1, 3, 5, 9))
);
--> statement-breakpoint
CREATE TABLE "crm_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"view_all_leads" boolean DEFAULT false NOT NULL,
	"create_new_leads" boolean DEFAULT true NOT NULL,
	"outgoing_number" text,
	"next_touch_days" smallint DEFAULT 2 NOT NULL,
	"next_touch_label" text DEFAULT 'Business Days' NOT NULL,
	"calling_hours_start" smallint DEFAULT 8 NOT NULL,
	"calling_hours_end" smallint DEFAULT 21 NOT NULL,
	"wrap_up_seconds" smallint DEFAULT 10 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_settings_one_row" CHECK ("crm_settings"."id" = 1),
	CONSTRAINT "crm_settings_next_touch_days" CHECK ("crm_settings"."next_touch_days" between 0 and 30),
	CONSTRAINT "crm_settings_hours" CHECK ("crm_settings"."calling_hours_start" >= 0 and "crm_settings"."calling_hours_end" <= 24
      and "crm_settings"."calling_hours_start" < "crm_settings"."calling_hours_end"),
	CONSTRAINT "crm_settings_wrap_up" CHECK ("crm_settings"."wrap_up_seconds" between 0 and 30)
);
--> statement-breakpoint
CREATE TABLE "crm_telephony_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event_type" text NOT NULL,
	"call_control_id" text,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "mime" text;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "bytes" integer;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "provider_media_name" text;--> statement-breakpoint
ALTER TABLE "voicemails" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "sip_username" text;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "sip_password_enc" "bytea";--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "telephony_credential_id" text;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD COLUMN "connection_id" text;--> statement-breakpoint
ALTER TABLE "crm_calls" ADD CONSTRAINT "crm_calls_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_calls" ADD CONSTRAINT "crm_calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_calls" ADD CONSTRAINT "crm_calls_voicemail_id_voicemails_id_fk" FOREIGN KEY ("voicemail_id") REFERENCES "public"."voicemails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_do_not_call" ADD CONSTRAINT "crm_do_not_call_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_contacts" ADD CONSTRAINT "crm_lead_contacts_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_notes" ADD CONSTRAINT "crm_lead_notes_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lead_notes" ADD CONSTRAINT "crm_lead_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_state_states_code_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_dialing_by_users_id_fk" FOREIGN KEY ("dialing_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_leads" ADD CONSTRAINT "crm_leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_calls_lead_idx" ON "crm_calls" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_calls_user_idx" ON "crm_calls" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_calls_created_idx" ON "crm_calls" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_calls_call_control_unique" ON "crm_calls" USING btree ("call_control_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_calls_local_call_control_unique" ON "crm_calls" USING btree ("local_call_control_id");--> statement-breakpoint
CREATE INDEX "crm_calls_live_idx" ON "crm_calls" USING btree ("user_id") WHERE status in ('pending', 'ringing', 'active');--> statement-breakpoint
CREATE INDEX "crm_lead_contacts_lead_idx" ON "crm_lead_contacts" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "crm_lead_contacts_phone_idx" ON "crm_lead_contacts" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "crm_lead_contacts_mobile_idx" ON "crm_lead_contacts" USING btree ("mobile_digits");--> statement-breakpoint
CREATE INDEX "crm_lead_notes_lead_idx" ON "crm_lead_notes" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_leads_status_idx" ON "crm_leads" USING btree ("status","next_touch" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_campaign_idx" ON "crm_leads" USING btree ("campaign_id","status","next_touch" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_manager_idx" ON "crm_leads" USING btree ("manager_id","status","next_touch" NULLS FIRST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_last_call_idx" ON "crm_leads" USING btree ("last_call_at" DESC NULLS LAST,"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_company_idx" ON "crm_leads" USING btree ("company_name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_phone_idx" ON "crm_leads" USING btree ("phone_digits") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_mobile_idx" ON "crm_leads" USING btree ("mobile_digits") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_email_idx" ON "crm_leads" USING btree ("email_key") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_region_idx" ON "crm_leads" USING btree ("region_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_industry_idx" ON "crm_leads" USING btree ("industry_id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_state_idx" ON "crm_leads" USING btree ("state") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_leads_search_idx" ON "crm_leads" USING gin (to_tsvector('simple', coalesce("company_name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "crm_telephony_events_received_idx" ON "crm_telephony_events" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "voicemails_one_default" ON "voicemails" USING btree ("is_default") WHERE is_default = 1 and deleted_at is null;--> statement-breakpoint
ALTER TABLE "agent_settings" ADD CONSTRAINT "agent_settings_sip_username_unique" UNIQUE("sip_username");
--> statement-breakpoint
-- Live leads per (campaign, status): the list's common counts read this row instead of counting (design §2.5).
CREATE FUNCTION crm_lead_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.campaign_id IS NOT DISTINCT FROM NEW.campaign_id AND OLD.status = NEW.status
     AND (OLD.deleted_at IS NULL) = (NEW.deleted_at IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE crm_lead_counts SET n = n - 1 WHERE campaign_id = coalesce(OLD.campaign_id, 0) AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    INSERT INTO crm_lead_counts (campaign_id, status, n) VALUES (coalesce(NEW.campaign_id, 0), NEW.status, 1)
    ON CONFLICT (campaign_id, status) DO UPDATE SET n = crm_lead_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER crm_lead_counts_track AFTER INSERT OR DELETE OR UPDATE OF campaign_id, status, deleted_at
  ON crm_leads FOR EACH ROW EXECUTE FUNCTION crm_lead_counts_track();
--> statement-breakpoint
INSERT INTO crm_settings (id) VALUES (1) ON CONFLICT DO NOTHING;
