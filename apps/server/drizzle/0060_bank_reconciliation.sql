CREATE TABLE "bank_reconciliation_lines" (
	"reconciliation_id" integer NOT NULL,
	"journal_line_id" bigint NOT NULL,
	CONSTRAINT "bank_reconciliation_lines_reconciliation_id_journal_line_id_pk" PRIMARY KEY("reconciliation_id","journal_line_id"),
	CONSTRAINT "bank_reconciliation_lines_journal_line_id_unique" UNIQUE("journal_line_id")
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"statement_date" date NOT NULL,
	"statement_balance" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"opening_balance" numeric(14, 2),
	"finished_at" timestamp with time zone,
	"finished_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_reconciliations_status_check" CHECK ("bank_reconciliations"."status" in ('draft', 'finished')),
	CONSTRAINT "bank_reconciliations_finished_check" CHECK (("bank_reconciliations"."status" = 'finished') = ("bank_reconciliations"."finished_at" is not null and "bank_reconciliations"."opening_balance" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_reconciliation_id_bank_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."bank_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_lines" ADD CONSTRAINT "bank_reconciliation_lines_journal_line_id_journal_lines_id_fk" FOREIGN KEY ("journal_line_id") REFERENCES "public"."journal_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_finished_by_users_id_fk" FOREIGN KEY ("finished_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_idx" ON "bank_reconciliations" USING btree ("account_id","status","statement_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_reconciliations_one_draft_idx" ON "bank_reconciliations" USING btree ("account_id") WHERE "bank_reconciliations"."status" = 'draft';--> statement-breakpoint
-- Written by hand (decision 0126). A reconciliation's writes on one account are serialised by an advisory lock; a
-- finished reconciliation is read-only, except that the account's last finished one may reopen as a draft (undo).
CREATE FUNCTION "bank_reconciliation_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous record;
  cleared_cents numeric(14, 2);
  misplaced integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status = 'finished' THEN
      RAISE EXCEPTION 'A finished reconciliation cannot change.' USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('bank_reconciliation'), NEW.account_id);
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'draft' THEN
      RAISE EXCEPTION 'A reconciliation starts as a draft.' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.status = 'finished' THEN
    IF NEW.status = 'draft' AND NEW.account_id = OLD.account_id AND NEW.statement_date = OLD.statement_date
      AND NEW.statement_balance = OLD.statement_balance AND NEW.created_by IS NOT DISTINCT FROM OLD.created_by
      AND NEW.created_at = OLD.created_at
      AND NOT EXISTS (SELECT 1 FROM bank_reconciliations r WHERE r.account_id = OLD.account_id
        AND r.status = 'finished' AND r.id <> OLD.id AND r.statement_date >= OLD.statement_date) THEN
      NEW.opening_balance := NULL;
      NEW.finished_at := NULL;
      NEW.finished_by := NULL;
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'A finished reconciliation cannot change.' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.account_id <> OLD.account_id THEN
    RAISE EXCEPTION 'A reconciliation stays on its account.' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'finished' THEN
    SELECT r.statement_date, r.statement_balance INTO previous FROM bank_reconciliations r
      WHERE r.account_id = NEW.account_id AND r.status = 'finished' AND r.id <> NEW.id
      ORDER BY r.statement_date DESC LIMIT 1;
    IF FOUND AND previous.statement_date >= NEW.statement_date THEN
      RAISE EXCEPTION 'The statement date must be after the last reconciled statement date.'
        USING ERRCODE = 'check_violation';
    END IF;
    NEW.opening_balance := coalesce(previous.statement_balance, 0);
    SELECT coalesce(sum(l.debit - l.credit), 0),
        count(*) FILTER (WHERE l.account_id <> NEW.account_id OR l.entry_date > NEW.statement_date)
      INTO cleared_cents, misplaced
      FROM bank_reconciliation_lines c JOIN journal_lines l ON l.id = c.journal_line_id
      WHERE c.reconciliation_id = NEW.id;
    IF misplaced > 0 THEN
      RAISE EXCEPTION 'A cleared line is not of this account or is dated after the statement date.'
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.statement_balance <> NEW.opening_balance + cleared_cents THEN
      RAISE EXCEPTION 'The difference must be 0.00 to finish the reconciliation.' USING ERRCODE = 'check_violation';
    END IF;
    NEW.finished_at := coalesce(NEW.finished_at, now());
  END IF;
  NEW.updated_at := now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_reconciliations_guard" BEFORE INSERT OR UPDATE OR DELETE ON "bank_reconciliations"
  FOR EACH ROW EXECUTE FUNCTION "bank_reconciliation_guard"();--> statement-breakpoint
-- Ticks change only on a draft: the reconciliation's row is share-locked, so a tick and a Finish of the same
-- reconciliation cannot interleave.
CREATE FUNCTION "bank_reconciliation_lines_guard"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target record;
  line record;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'Cleared lines are ticked or unticked, never changed.'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  SELECT r.status, r.account_id, r.statement_date INTO target FROM bank_reconciliations r
    WHERE r.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.reconciliation_id ELSE NEW.reconciliation_id END FOR SHARE;
  IF FOUND AND target.status = 'finished' THEN
    RAISE EXCEPTION 'A finished reconciliation cannot change.' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  SELECT l.account_id, l.entry_date INTO line FROM journal_lines l WHERE l.id = NEW.journal_line_id;
  IF NOT FOUND OR line.account_id <> target.account_id OR line.entry_date > target.statement_date THEN
    RAISE EXCEPTION 'A cleared line is not of this account or is dated after the statement date.'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_reconciliation_lines_guard" BEFORE INSERT OR UPDATE OR DELETE ON "bank_reconciliation_lines"
  FOR EACH ROW EXECUTE FUNCTION "bank_reconciliation_lines_guard"();--> statement-breakpoint
CREATE FUNCTION "bank_reconciliation_refuse_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A finished reconciliation cannot change.' USING ERRCODE = 'integrity_constraint_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER "bank_reconciliations_no_truncate" BEFORE TRUNCATE ON "bank_reconciliations"
  FOR EACH STATEMENT EXECUTE FUNCTION "bank_reconciliation_refuse_truncate"();--> statement-breakpoint
CREATE TRIGGER "bank_reconciliation_lines_no_truncate" BEFORE TRUNCATE ON "bank_reconciliation_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "bank_reconciliation_refuse_truncate"();
