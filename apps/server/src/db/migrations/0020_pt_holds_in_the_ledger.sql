ALTER TABLE "entitlement_ledger" DROP CONSTRAINT "entitlement_ledger_kind";--> statement-breakpoint
ALTER TABLE "entitlement_ledger" ADD COLUMN "held_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlement_state" ADD COLUMN "credits_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entitlement_ledger" ADD CONSTRAINT "entitlement_ledger_kind" CHECK ("entitlement_ledger"."kind" in ('grant','activate','use','return','freeze','unfreeze','extend','transfer_out','transfer_in','expire','penalty','adjust','refund','hold','release'));--> statement-breakpoint
-- A booked PT session holds one credit of its package in the ledger (decision 382). Each session booked
-- before holds became rows gets its `hold` row now, in the order the sessions start, as far as the
-- package has credits left (a session beyond them held none before either), and the state becomes
-- the fold of the rows. A session that holds already is left alone (the statements may run again).
WITH booked AS (
  SELECT p.id, p.organisation_id, p.entitlement_id, p.member_id, p.booked_by, p.created_at,
    (p.created_at AT TIME ZONE c.time_zone)::date AS booked_on,
    s.last_seq, coalesce(s.credits_left, 0) - s.credits_held AS free,
    row_number() OVER (PARTITION BY p.entitlement_id ORDER BY p.starts_at, p.id) AS n
  FROM "pt_sessions" AS p
  JOIN "entitlement_state" AS s ON s.entitlement_id = p.entitlement_id
  JOIN "centers" AS c ON c.id = p.center_id
  WHERE p.status = 'booked'
    AND NOT EXISTS (
      SELECT 1 FROM "entitlement_ledger" AS l
      WHERE l.ref_type = 'pt_session' AND l.ref_id = p.id AND l.kind = 'hold'
    )
)
INSERT INTO "entitlement_ledger"
  ("organisation_id", "entitlement_id", "member_id", "seq", "kind", "held_delta", "ref_type", "ref_id", "reason", "staff_id", "effective_on", "created_at")
SELECT organisation_id, entitlement_id, member_id, last_seq + n, 'hold', 1, 'pt_session', id, 'PT session booked', booked_by, booked_on, created_at
FROM booked
WHERE n <= free;--> statement-breakpoint
UPDATE "entitlement_state" AS s
SET "credits_held" = h.held, "last_seq" = h.last_seq
FROM (
  SELECT entitlement_id, sum(held_delta)::int AS held, max(seq) AS last_seq
  FROM "entitlement_ledger"
  WHERE entitlement_id IN (SELECT entitlement_id FROM "entitlement_ledger" WHERE kind = 'hold')
  GROUP BY entitlement_id
) AS h
WHERE h.entitlement_id = s.entitlement_id
  AND (s.credits_held <> h.held OR s.last_seq <> h.last_seq);--> statement-breakpoint
ALTER TABLE "entitlement_state" ADD CONSTRAINT "entitlement_state_held" CHECK ("entitlement_state"."credits_held" >= 0 and "entitlement_state"."credits_held" <= coalesce("entitlement_state"."credits_left", 0));