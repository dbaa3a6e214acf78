CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"staff_id" uuid,
	"month" text NOT NULL,
	"metric" text NOT NULL,
	"target" bigint NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "goals_metric" CHECK ("goals"."metric" in ('revenue','newMembers','ptSessions','renewals')),
	CONSTRAINT "goals_month" CHECK ("goals"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "goals_target" CHECK ("goals"."target" >= 0)
);
--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_org_staff_fk" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_org_updated_by_fk" FOREIGN KEY ("organisation_id","updated_by") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goals_org_center_month" ON "goals" USING btree ("organisation_id","center_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "goals_centre_once" ON "goals" USING btree ("organisation_id","center_id","month","metric") WHERE "goals"."staff_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "goals_staff_once" ON "goals" USING btree ("organisation_id","center_id","staff_id","month","metric") WHERE "goals"."staff_id" is not null;