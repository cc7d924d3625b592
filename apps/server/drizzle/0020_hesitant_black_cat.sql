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
ALTER TABLE "product_requirements" ADD CONSTRAINT "product_requirements_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requirements" ADD CONSTRAINT "product_requirements_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_requirements" ADD CONSTRAINT "product_requirements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_requirements_project_idx" ON "product_requirements" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_requirements_quote_idx" ON "product_requirements" USING btree ("quote_id") WHERE "product_requirements"."quote_id" is not null;--> statement-breakpoint
CREATE INDEX "quotes_project_idx" ON "quotes" USING btree ("project_id");