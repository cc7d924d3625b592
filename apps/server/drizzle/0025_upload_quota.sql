CREATE TABLE "upload_quota" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_quota" ADD CONSTRAINT "upload_quota_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;