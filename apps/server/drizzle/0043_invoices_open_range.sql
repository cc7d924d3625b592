-- The days an invoice or credit note is open (dated by then, not closed nor voided by then; empty when closed before
-- its date): "open at the end of D" is one stabbing probe for any past D, as payments_open_range_idx does for payments
-- (decision 0092 addendum). billing-report-aging.ts writes the same expression, which the planner matches textually.
CREATE INDEX "invoices_open_range_idx" ON "invoices" USING gist (daterange("invoice_date", CASE WHEN least("closed_on", "void_date") < "invoice_date" THEN "invoice_date" ELSE least("closed_on", "void_date") END, '[)')) WHERE "status" IN ('posted', 'void');
