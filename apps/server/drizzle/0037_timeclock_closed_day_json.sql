-- Kept closed days are sums the timeclock report makes again when missing (decision 0052): the rows kept before the
-- day's JSON text was kept with them are dropped, and the next report keeps them again with it.
DELETE FROM "timeclock_closed_days";--> statement-breakpoint
ALTER TABLE "timeclock_closed_days" ADD COLUMN "day_json" text NOT NULL;
