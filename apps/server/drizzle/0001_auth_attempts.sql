CREATE TABLE "auth_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account" text,
	"ip_address" text,
	"success" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_account_idx" ON "auth_attempts" USING btree ("kind","account","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_kind_ip_idx" ON "auth_attempts" USING btree ("kind","ip_address","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_created_at_idx" ON "auth_attempts" USING btree ("created_at");