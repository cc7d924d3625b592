-- Decision 0131: HR's checked-in sums read the entries that overlap a range from today on (started before it, ended
-- after its start, or open) through this index instead of walking every entry a person ever had.
CREATE INDEX IF NOT EXISTS "timeclock_entries_user_end_idx" ON "timeclock_entries" USING btree ("user_id", (coalesce("ended_at", 'infinity'::timestamptz)));
