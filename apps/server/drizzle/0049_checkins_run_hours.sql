-- The billing run reads every closed check-in of a chunk of companies (their whole history feeds the rollover chain):
-- with the columns it sums included, that read is index-only (issue 27 leftover 5). Same key as
-- check_ins_company_start_idx, which the other readers keep using.
CREATE INDEX "check_ins_company_hours_idx" ON "check_ins" USING btree ("company_id", "start_time")
  INCLUDE ("end_time", "billable", "ticket_id", "project_id", "project_step_id") WHERE "end_time" IS NOT NULL;
