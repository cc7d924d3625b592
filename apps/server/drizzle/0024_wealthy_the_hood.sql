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
ALTER TABLE "whiteboard_articles" ADD CONSTRAINT "whiteboard_articles_category_id_whiteboard_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."whiteboard_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_articles" ADD CONSTRAINT "whiteboard_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_articles" ADD CONSTRAINT "whiteboard_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_categories" ADD CONSTRAINT "whiteboard_categories_parent_id_whiteboard_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."whiteboard_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_images" ADD CONSTRAINT "whiteboard_images_article_id_whiteboard_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."whiteboard_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whiteboard_images" ADD CONSTRAINT "whiteboard_images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whiteboard_articles_category_idx" ON "whiteboard_articles" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_search_idx" ON "whiteboard_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_created_by_idx" ON "whiteboard_articles" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "whiteboard_articles_updated_by_idx" ON "whiteboard_articles" USING btree ("updated_by");--> statement-breakpoint
CREATE UNIQUE INDEX "whiteboard_categories_parent_name_unique" ON "whiteboard_categories" USING btree (coalesce("parent_id", 0),lower("category_name"));--> statement-breakpoint
CREATE INDEX "whiteboard_categories_parent_idx" ON "whiteboard_categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whiteboard_images_path_unique" ON "whiteboard_images" USING btree ("path");--> statement-breakpoint
CREATE INDEX "whiteboard_images_article_idx" ON "whiteboard_images" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "whiteboard_images_uploaded_by_idx" ON "whiteboard_images" USING btree ("uploaded_by");