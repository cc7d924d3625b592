CREATE TABLE "auth_throttles" (
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_throttles_kind_scope_key_pk" PRIMARY KEY("kind","scope","key")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotation_grant" text;--> statement-breakpoint
CREATE INDEX "auth_throttles_window_started_at_idx" ON "auth_throttles" USING btree ("window_started_at");