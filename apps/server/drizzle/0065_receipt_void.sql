ALTER TABLE "receipts" ADD COLUMN "voided_on" date;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "void_journal_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "void_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_void_journal_entry_id_journal_entries_id_fk" FOREIGN KEY ("void_journal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;