ALTER TABLE "approval_links" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "project_approvals" ALTER COLUMN "project_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_links" ADD COLUMN "quote_id" integer;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_links_quote_idx" ON "approval_links" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_target_check" CHECK ("approval_links"."project_id" is not null or "approval_links"."quote_id" is not null);