CREATE TABLE "company_tech_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"path" text NOT NULL,
	"size" integer NOT NULL,
	"extension" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_tech_attachments_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "company_tech_info" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"notes" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "parking_info" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "external" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_tech_attachments" ADD CONSTRAINT "company_tech_attachments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tech_attachments" ADD CONSTRAINT "company_tech_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tech_info" ADD CONSTRAINT "company_tech_info_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tech_info" ADD CONSTRAINT "company_tech_info_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_tech_attachments_company_idx" ON "company_tech_attachments" USING btree ("company_id");