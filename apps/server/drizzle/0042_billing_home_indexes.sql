CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("due_date","invoice_date","type","balance") WHERE "invoices"."status" = 'posted' and "invoices"."balance" <> 0;--> statement-breakpoint
CREATE INDEX "invoices_invoiced_idx" ON "invoices" USING btree ("invoice_date","total") WHERE "invoices"."status" = 'posted' and "invoices"."type" <> 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_draft_month_idx" ON "invoices" USING btree ("billing_month") WHERE "invoices"."status" = 'draft';--> statement-breakpoint
CREATE INDEX "payments_collected_idx" ON "payments" USING btree ("payment_date","amount") WHERE "payments"."direction" = 'in' and "payments"."status" = 'posted' and "payments"."company_id" is not null;-- The days an invoice or credit note is open (dated by then, not closed nor voided by then; empty when closed before
-- its date): "open at the end of D" is one stabbing probe for any past D, as payments_open_range_idx does for payments
-- (decision 0092 addendum). billing-report-aging.ts writes the same expression, which the planner matches textually.
CREATE INDEX "invoices_open_range_idx" ON "invoices" USING gist (daterange("invoice_date", CASE WHEN least("closed_on", "void_date") < "invoice_date" THEN "invoice_date" ELSE least("closed_on", "void_date") END, '[)')) WHERE "status" IN ('posted', 'void');
