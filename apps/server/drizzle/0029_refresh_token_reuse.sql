CREATE TABLE "refresh_token_reuse" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"retired_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"revoked_sessions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retired_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refresh_token_reuse_user_idx" ON "refresh_token_reuse" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "refresh_token_reuse_session_idx" ON "refresh_token_reuse" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "retired_refresh_tokens_session_id_idx" ON "retired_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
-- Decision 0076: a rotation that replaces a session's refresh token keeps the replaced one's hash, so any token of
-- the chain presented again is known as this sign-in's (refresh, unlock and the end of shadowing all rotate).
CREATE FUNCTION "sessions_retire_refresh_token"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "retired_refresh_tokens" ("token_hash", "session_id") VALUES (OLD."refresh_token_hash", OLD."id")
  ON CONFLICT ("token_hash") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_refresh_token_retired" AFTER UPDATE OF "refresh_token_hash" ON "sessions"
  FOR EACH ROW WHEN (OLD."refresh_token_hash" IS DISTINCT FROM NEW."refresh_token_hash")
  EXECUTE FUNCTION "sessions_retire_refresh_token"();--> statement-breakpoint
-- The tokens rotated away before this migration: only each session's previous one was kept.
INSERT INTO "retired_refresh_tokens" ("token_hash", "session_id", "retired_at")
SELECT "previous_refresh_token_hash", "id", coalesce("rotated_at", "last_activity") FROM "sessions"
WHERE "previous_refresh_token_hash" IS NOT NULL
ON CONFLICT ("token_hash") DO NOTHING;
