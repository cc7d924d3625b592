-- Issue 16: check-ins of tickets moved to another company before usage followed the ticket count for that company now.
UPDATE "check_ins" SET "company_id" = "tickets"."company_id"
FROM "tickets"
WHERE "tickets"."id" = "check_ins"."ticket_id" AND "check_ins"."company_id" IS DISTINCT FROM "tickets"."company_id";
