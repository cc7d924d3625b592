-- Custom SQL migration file, put your code below! ---- Payments made to vendors (direction 'out' with vendor_id, issue 28 part 4) are the source of their allocations to
-- bills, as payments received are of theirs; refunds to companies stay the target of theirs. Their unapplied amount
-- (the vendor prepayment) is kept by the same triggers (decision 0092's function, one more join arm).
CREATE OR REPLACE FUNCTION "payments_sync_unapplied"(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE payments p SET unapplied = p.amount - s.used,
    fully_applied_on = CASE WHEN s.used = p.amount THEN coalesce(s.last_change, p.payment_date) END
  FROM (
    SELECT q.id, coalesce(sum(a.amount) FILTER (WHERE a.unapplied_on IS NULL), 0) AS used,
      max(greatest(a.applied_on, a.unapplied_on)) AS last_change
    FROM payments q
    LEFT JOIN allocations a ON (q.direction = 'in' AND a.source_type = 'payment' AND a.source_id = q.id)
      OR (q.direction = 'out' AND q.vendor_id IS NULL AND a.target_type = 'refund' AND a.target_id = q.id)
      OR (q.direction = 'out' AND q.vendor_id IS NOT NULL AND a.source_type = 'payment' AND a.source_id = q.id)
    WHERE q.id = ANY(ids)
    GROUP BY q.id
  ) s
  WHERE p.id = s.id
    AND (p.unapplied, p.fully_applied_on) IS DISTINCT FROM
      (p.amount - s.used, CASE WHEN s.used = p.amount THEN coalesce(s.last_change, p.payment_date) END)
$$;--> statement-breakpoint
SELECT payments_sync_unapplied(array(SELECT id FROM payments WHERE vendor_id IS NOT NULL));
