ALTER TABLE "journal_entries" ADD COLUMN "posted_in_transaction" timestamp with time zone DEFAULT transaction_timestamp() NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_lines_date_idx" ON "journal_lines" USING btree ("entry_date");--> statement-breakpoint
-- The entry's posting transaction is the one that inserts it, whatever a caller writes (decision 0067).
CREATE FUNCTION "journal_entry_stamp_transaction"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.posted_in_transaction := transaction_timestamp();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_entries_stamp_transaction" BEFORE INSERT ON "journal_entries"
  FOR EACH ROW EXECUTE FUNCTION "journal_entry_stamp_transaction"();--> statement-breakpoint
-- Lines join an entry only in its posting transaction: a posted entry cannot grow a balanced pair of lines later.
CREATE FUNCTION "journal_line_check_same_posting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT posted_in_transaction FROM journal_entries WHERE id = NEW.entry_id) IS DISTINCT FROM transaction_timestamp()
  THEN
    RAISE EXCEPTION 'Posted journal entries cannot change.' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "journal_lines_same_posting" BEFORE INSERT ON "journal_lines"
  FOR EACH ROW EXECUTE FUNCTION "journal_line_check_same_posting"();
