CREATE TABLE "crm_call_day_stats" (
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"disposition" text NOT NULL,
	"calls" integer NOT NULL,
	"talk_seconds" bigint NOT NULL,
	CONSTRAINT "crm_call_day_stats_day_user_id_direction_status_disposition_pk" PRIMARY KEY("day","user_id","direction","status","disposition")
);
--> statement-breakpoint
CREATE TABLE "crm_call_hour_stats" (
	"epoch_hour" integer NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "crm_call_hour_stats_epoch_hour_direction_status_pk" PRIMARY KEY("epoch_hour","direction","status")
);
--> statement-breakpoint
-- Keeps crm_call_day_stats and crm_call_hour_stats equal to crm_calls (decision 0147): each
-- changed call takes its old key's share off and adds its new one, rows upserted in key order so that two
-- transactions never wait on each other's rows in a cycle.
CREATE FUNCTION crm_call_stats_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.created_at = NEW.created_at AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id
     AND OLD.direction = NEW.direction AND OLD.status = NEW.status
     AND OLD.disposition IS NOT DISTINCT FROM NEW.disposition
     AND (OLD.answered_at IS NULL) = (NEW.answered_at IS NULL)
     AND OLD.duration_seconds IS NOT DISTINCT FROM NEW.duration_seconds THEN
    RETURN NULL;
  END IF;
  INSERT INTO crm_call_day_stats AS s (day, user_id, direction, status, disposition, calls, talk_seconds)
  SELECT d.day, d.user_id, d.direction, d.status, d.disposition, sum(d.calls), sum(d.talk)
  FROM (
    SELECT (OLD.created_at AT TIME ZONE 'UTC')::date AS day, coalesce(OLD.user_id, 0) AS user_id, OLD.direction,
      OLD.status, coalesce(OLD.disposition, '') AS disposition, -1 AS calls,
      -CASE WHEN OLD.answered_at IS NOT NULL THEN coalesce(OLD.duration_seconds, 0) ELSE 0 END AS talk
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT (NEW.created_at AT TIME ZONE 'UTC')::date, coalesce(NEW.user_id, 0), NEW.direction, NEW.status,
      coalesce(NEW.disposition, ''), 1,
      CASE WHEN NEW.answered_at IS NOT NULL THEN coalesce(NEW.duration_seconds, 0) ELSE 0 END
    WHERE TG_OP IN ('INSERT', 'UPDATE')
  ) d
  GROUP BY d.day, d.user_id, d.direction, d.status, d.disposition
  ORDER BY d.day, d.user_id, d.direction, d.status, d.disposition
  ON CONFLICT (day, user_id, direction, status, disposition)
  DO UPDATE SET calls = s.calls + excluded.calls, talk_seconds = s.talk_seconds + excluded.talk_seconds;
  INSERT INTO crm_call_hour_stats AS s (epoch_hour, direction, status, calls)
  SELECT h.epoch_hour, h.direction, h.status, sum(h.calls)
  FROM (
    SELECT floor(extract(epoch FROM OLD.created_at) / 3600)::int AS epoch_hour, OLD.direction, OLD.status, -1 AS calls
    WHERE TG_OP IN ('UPDATE', 'DELETE')
    UNION ALL
    SELECT floor(extract(epoch FROM NEW.created_at) / 3600)::int, NEW.direction, NEW.status, 1
    WHERE TG_OP IN ('INSERT', 'UPDATE')
  ) h
  GROUP BY h.epoch_hour, h.direction, h.status
  HAVING sum(h.calls) <> 0
  ORDER BY h.epoch_hour, h.direction, h.status
  ON CONFLICT (epoch_hour, direction, status) DO UPDATE SET calls = s.calls + excluded.calls;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER crm_call_stats_track AFTER INSERT OR DELETE OR UPDATE OF created_at, user_id, direction, status,
  disposition, answered_at, duration_seconds ON crm_calls FOR EACH ROW EXECUTE FUNCTION crm_call_stats_track();
--> statement-breakpoint
-- Fills both rollups from crm_calls anew (this migration; the benchmark after seeding with the trigger off).
CREATE FUNCTION crm_call_stats_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM crm_call_day_stats;
  DELETE FROM crm_call_hour_stats;
  INSERT INTO crm_call_day_stats (day, user_id, direction, status, disposition, calls, talk_seconds)
  SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(user_id, 0), direction, status, coalesce(disposition, ''),
    count(*), coalesce(sum(duration_seconds) FILTER (WHERE answered_at IS NOT NULL), 0)
  FROM crm_calls GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO crm_call_hour_stats (epoch_hour, direction, status, calls)
  SELECT floor(extract(epoch FROM created_at) / 3600)::int, direction, status, count(*)
  FROM crm_calls GROUP BY 1, 2, 3;
$$;
--> statement-breakpoint
SELECT crm_call_stats_rebuild();
