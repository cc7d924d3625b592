CREATE TABLE "credential_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer NOT NULL,
	"target_user_id" integer NOT NULL,
	"fields" text[] NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credential_changes_target_idx" ON "credential_changes" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "credential_changes_actor_idx" ON "credential_changes" USING btree ("actor_user_id","created_at");