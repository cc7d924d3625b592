DROP INDEX "tickets_updated_idx";--> statement-breakpoint
CREATE INDEX "tickets_updated_idx" ON "tickets" USING btree ("updated_at","id") WHERE "tickets"."project_id" is null;