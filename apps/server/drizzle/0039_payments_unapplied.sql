ALTER TABLE "payments" ADD COLUMN "unapplied" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fully_applied_on" date;--> statement-breakpoint
-- What each payment's active allocations leave of it, and when fully used, the last day its allocations changed
-- (decision 0092). In: allocations of source payment; out (refunds): allocations of target refund.
CREATE FUNCTION "payments_sync_unapplied"(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE payments p SET unapplied = p.amount - s.used,
    fully_applied_on = CASE WHEN s.used = p.amount THEN coalesce(s.last_change, p.payment_date) END
  FROM (
    SELECT q.id, coalesce(sum(a.amount) FILTER (WHERE a.unapplied_on IS NULL), 0) AS used,
      max(greatest(a.applied_on, a.unapplied_on)) AS last_change
    FROM payments q
    LEFT JOIN allocations a ON (q.direction = 'in' AND a.source_type = 'payment' AND a.source_id = q.id)
      OR (q.direction = 'out' AND a.target_type = 'refund' AND a.target_id = q.id)
    WHERE q.id = ANY(ids)
    GROUP BY q.id
  ) s
  WHERE p.id = s.id
    AND (p.unapplied, p.fully_applied_on) IS DISTINCT FROM
      (p.amount - s.used, CASE WHEN s.used = p.amount THEN coalesce(s.last_change, p.payment_date) END)
$$;--> statement-breakpoint
CREATE FUNCTION "payments_new_unapplied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.unapplied := NEW.amount;
  NEW.fully_applied_on := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_new_unapplied" BEFORE INSERT ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_new_unapplied"();--> statement-breakpoint
CREATE FUNCTION "allocations_sync_payments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payments_sync_unapplied(array(
    SELECT source_id FROM changed WHERE source_type = 'payment'
    UNION SELECT target_id FROM changed WHERE target_type = 'refund'));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "allocations_inserted_sync_payments" AFTER INSERT ON "allocations"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION "allocations_sync_payments"();--> statement-breakpoint
CREATE TRIGGER "allocations_updated_sync_payments" AFTER UPDATE ON "allocations"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT
  EXECUTE FUNCTION "allocations_sync_payments"();--> statement-breakpoint
-- A payment's amount or direction changing (not done today) recomputes it too.
CREATE FUNCTION "payments_amount_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM payments_sync_unapplied(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payments_amount_sync" AFTER UPDATE OF "amount", "direction" ON "payments" FOR EACH ROW
  WHEN (OLD.amount IS DISTINCT FROM NEW.amount OR OLD.direction IS DISTINCT FROM NEW.direction)
  EXECUTE FUNCTION "payments_amount_sync"();--> statement-breakpoint
SELECT payments_sync_unapplied(array(SELECT id FROM payments));--> statement-breakpoint
CREATE INDEX "allocations_last_change_idx" ON "allocations" USING btree (greatest("applied_on", "unapplied_on"));--> statement-breakpoint
CREATE INDEX "payments_open_range_idx" ON "payments" USING gist (daterange("payment_date", "fully_applied_on", '[)')) WHERE "payments"."company_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_unapplied_check" CHECK ("payments"."unapplied" >= 0 and "payments"."unapplied" <= "payments"."amount");