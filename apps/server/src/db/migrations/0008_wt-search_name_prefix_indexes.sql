CREATE INDEX "members_org_name_last_first" ON "members" USING btree ("organisation_id",lower("last_name" || ' ' || "first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_org_name_first_last" ON "members" USING btree ("organisation_id",lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_org_chinese_name" ON "members" USING btree ("organisation_id","chinese_name" text_pattern_ops) WHERE "members"."chinese_name" is not null;--> statement-breakpoint
-- Statistics of the new expressions now, not at the next autovacuum: the planner picks the search's plans by them.
ANALYZE "members";
