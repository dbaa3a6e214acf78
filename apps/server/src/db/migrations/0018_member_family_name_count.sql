-- The family-name index of the search also holds the columns the member list filters on, and only
-- the members a name may find (not merged, not erased): a common name's capped count ("wong", more
-- than the cap of 1,000) is then read from the index alone, without the table. PostgreSQL only, as
-- the other name-prefix indexes (0008).
DO $$ BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    DROP INDEX IF EXISTS "members_org_name_last_first";
    CREATE INDEX "members_org_name_last_first" ON "members" USING btree ("organisation_id",lower("last_name" || ' ' || "first_name") text_pattern_ops,"last_name","first_name","home_center_id","import_id","status") WHERE "members"."merged_into" is null and "members"."erased_at" is null;
    -- The expression's statistics now, not at the next autovacuum: the planner picks the search's plans by them.
    ANALYZE "members";
  END IF;
END $$;
