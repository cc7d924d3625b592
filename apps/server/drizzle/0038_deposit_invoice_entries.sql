-- Issue 27 part 4 (decision 0086): invoices posted before the ledger (project deposits of decision 0045) get the
-- journal entry they would have had: AR (the company) the total against 2200 Customer Deposits for project_deposit,
-- the line's income account otherwise (its own, its item's, its item type's default, its kind's default), tax to the
-- rate's liability account. Each entry takes its JE- number from document_numbers, is dated its invoice date (the
-- first open day when that is on or before the lock date), writes the month rollup, and is checked by the triggers of
-- 0031/0034 at commit. The invoice number sequence continues after the numbers those invoices already hold.
DO $$
DECLARE
  inv record;
  new_entry bigint;
  taken bigint;
  prefix text;
  locked date;
  entry_day date;
  ar_id integer;
  deposits_id integer;
  tax_id integer;
BEGIN
  SELECT coalesce("journal_entry_prefix", 'JE-'), "lock_date" INTO prefix, locked
    FROM "billing_settings" WHERE "id" = 1;
  prefix := coalesce(prefix, 'JE-');
  SELECT "id" INTO ar_id FROM "accounts" WHERE "number" = '1100';
  SELECT "id" INTO deposits_id FROM "accounts" WHERE "number" = '2200';
  FOR inv IN
    SELECT i.* FROM "invoices" i
    WHERE i."status" = 'posted' AND i."journal_entry_id" IS NULL AND i."invoice_date" IS NOT NULL
      AND EXISTS (SELECT 1 FROM "invoice_lines" l WHERE l."invoice_id" = i."id" AND l."amount" <> 0)
    ORDER BY i."invoice_date", i."id"
  LOOP
    entry_day := CASE WHEN locked IS NOT NULL AND inv."invoice_date" <= locked
      THEN locked + 1 ELSE inv."invoice_date" END;
    INSERT INTO "document_numbers" ("kind", "next_value") VALUES ('journal_entry', 2)
      ON CONFLICT ("kind") DO UPDATE SET "next_value" = "document_numbers"."next_value" + 1
      RETURNING "next_value" - 1 INTO taken;
    INSERT INTO "journal_entries" ("number", "entry_date", "source_type", "source_id", "memo")
      VALUES (prefix || lpad(taken::text, 6, '0'), entry_day,
        CASE WHEN inv."type" = 'credit_note' THEN 'credit_note' ELSE 'invoice' END, inv."id",
        CASE WHEN inv."type" = 'credit_note' THEN 'Credit note ' ELSE 'Invoice ' END || inv."number")
      RETURNING "id" INTO new_entry;
    -- AR, the company's: debit the total (credit a negative one).
    INSERT INTO "journal_lines" ("entry_id", "line_no", "entry_date", "account_id", "debit", "credit", "company_id")
      VALUES (new_entry, 1, entry_day, ar_id, greatest(inv."total", 0), greatest(-inv."total", 0), inv."company_id");
    -- Each line its account: credit when positive, debit when negative ("Less deposit", credit notes).
    INSERT INTO "journal_lines"
      ("entry_id", "line_no", "entry_date", "account_id", "debit", "credit", "item_id", "memo")
      SELECT new_entry, 1 + row_number() OVER (ORDER BY l."line_no", l."id"), entry_day,
        CASE
          WHEN inv."type" = 'project_deposit' OR l."kind" IN ('deposit', 'deposit_applied') THEN deposits_id
          ELSE coalesce(
            l."account_id",
            b."income_account_id",
            (SELECT a."id" FROM "accounts" a WHERE a."number" = CASE b."type"
              WHEN 'retainer' THEN '4000' WHEN 'overage' THEN '4100' WHEN 'fee' THEN '4800' WHEN 'cloud' THEN '4200'
              WHEN 'service' THEN '4050' WHEN 'product' THEN '4300' END),
            (SELECT a."id" FROM "accounts" a WHERE a."number" = CASE
              WHEN inv."type" = 'project' THEN '4400'
              WHEN l."kind" IN ('retainer', 'recurring') THEN '4000'
              WHEN l."kind" IN ('overage', 'labor') THEN '4100'
              WHEN l."kind" = 'late_fee' THEN '4800'
              ELSE '4050' END))
        END,
        greatest(-l."amount", 0), greatest(l."amount", 0), l."item_id", l."description"
      FROM "invoice_lines" l
      LEFT JOIN "billing_items" b ON b."id" = l."item_id"
      WHERE l."invoice_id" = inv."id" AND l."amount" <> 0;
    IF inv."tax_total" <> 0 THEN
      SELECT coalesce(
        (SELECT t."liability_account_id" FROM "tax_rates" t WHERE t."id" = inv."tax_rate_id"),
        (SELECT a."id" FROM "accounts" a WHERE a."number" = '2100')) INTO tax_id;
      INSERT INTO "journal_lines" ("entry_id", "line_no", "entry_date", "account_id", "debit", "credit", "tax_rate_id")
        VALUES (new_entry, (SELECT count(*) + 1 FROM "journal_lines" WHERE "entry_id" = new_entry), entry_day, tax_id,
          greatest(-inv."tax_total", 0), greatest(inv."tax_total", 0),
          inv."tax_rate_id");
    END IF;
    INSERT INTO "account_month_balances" ("account_id", "month", "debit", "credit")
      SELECT jl."account_id", date_trunc('month', entry_day)::date, sum(jl."debit"), sum(jl."credit")
      FROM "journal_lines" jl WHERE jl."entry_id" = new_entry GROUP BY jl."account_id"
      ON CONFLICT ("account_id", "month") DO UPDATE SET
        "debit" = "account_month_balances"."debit" + excluded."debit",
        "credit" = "account_month_balances"."credit" + excluded."credit";
    UPDATE "invoices" SET "journal_entry_id" = new_entry WHERE "id" = inv."id";
  END LOOP;
END $$;--> statement-breakpoint
INSERT INTO "document_numbers" ("kind", "next_value")
  SELECT 'invoice', coalesce(max(substring("number" FROM '([0-9]+)$')::bigint), 0) + 1
  FROM "invoices" WHERE "number" IS NOT NULL AND "type" <> 'credit_note'
  ON CONFLICT ("kind") DO UPDATE SET "next_value" = greatest("document_numbers"."next_value", excluded."next_value");
