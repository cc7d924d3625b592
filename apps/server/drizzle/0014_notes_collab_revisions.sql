CREATE TABLE "collab_documents" (
	"name" text PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "note_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note" text NOT NULL,
	"notes" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note_revisions" ADD CONSTRAINT "note_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_revisions_note_idx" ON "note_revisions" USING btree ("note","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- History starts with today's text: every ticket's private notes as their first revision (decision 0040).
INSERT INTO "note_revisions" ("note", "notes", "created_by", "created_at")
SELECT 'ticket:' || "id", "notes", NULL, "updated_at" FROM "tickets" WHERE "notes" <> '';
