-- The search's name-prefix indexes, on PostgreSQL only: on the embedded database (PGlite, WebAssembly)
-- they made bulk writes several times slower (a 20,000-row import 132 s against 35 s), and its gyms'
-- member counts are small enough for the trigram index alone.
DO $$ BEGIN
  IF version() NOT LIKE '%emscripten%' THEN
    CREATE INDEX "members_org_name_last_first" ON "members" USING btree ("organisation_id",lower("last_name" || ' ' || "first_name") text_pattern_ops);
    CREATE INDEX "members_org_name_first_last" ON "members" USING btree ("organisation_id",lower("first_name" || ' ' || "last_name") text_pattern_ops);
    CREATE INDEX "members_org_chinese_name" ON "members" USING btree ("organisation_id","chinese_name" text_pattern_ops) WHERE "members"."chinese_name" is not null;
    -- Statistics of the new expressions now, not at the next autovacuum: the planner picks the search's plans by them.
    ANALYZE "members";
  END IF;
END $$;
