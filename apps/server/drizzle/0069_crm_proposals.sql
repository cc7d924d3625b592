CREATE TABLE "crm_proposal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"proposal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"quantity" numeric(10, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"sort" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_proposal_lines_kind_check" CHECK ("crm_proposal_lines"."kind" in ('monthly', 'one_time')),
	CONSTRAINT "crm_proposal_lines_quantity_check" CHECK ("crm_proposal_lines"."quantity" > 0),
	CONSTRAINT "crm_proposal_lines_price_check" CHECK ("crm_proposal_lines"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "crm_proposal_throttles" (
	"address" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_proposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valid_until" date,
	"monthly_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"one_time_total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"decided_at" timestamp with time zone,
	"decided_by_name" text,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_proposals_status_check" CHECK ("crm_proposals"."status" in ('draft', 'sent', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "crm_proposal_lines" ADD CONSTRAINT "crm_proposal_lines_proposal_id_crm_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."crm_proposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_proposals" ADD CONSTRAINT "crm_proposals_lead_id_crm_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."crm_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_proposals" ADD CONSTRAINT "crm_proposals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_proposal_lines_proposal_idx" ON "crm_proposal_lines" USING btree ("proposal_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_proposals_link_token_hash_key" ON "crm_proposals" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "crm_proposals_lead_idx" ON "crm_proposals" USING btree ("lead_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "crm_proposals_created_idx" ON "crm_proposals" USING btree ("created_at" DESC NULLS LAST);