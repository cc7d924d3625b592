DROP INDEX "tickets_search_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "subject_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, subject)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("subject_search");