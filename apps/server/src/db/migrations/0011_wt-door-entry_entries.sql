CREATE TABLE "entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"reader_id" uuid,
	"card_number" text,
	"card_id" uuid,
	"member_id" uuid,
	"result" text NOT NULL,
	"reason" text,
	"granted_by" text,
	"entitlement_id" uuid,
	"days_left" integer,
	"credits_left" integer,
	"source" text NOT NULL,
	"scan_id" text,
	"tapped_at" timestamp with time zone NOT NULL,
	"business_date" date NOT NULL,
	"override_of" uuid,
	"override_reason" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entries_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "entries_result" CHECK ("entries"."result" in ('granted','denied','duplicate')),
	CONSTRAINT "entries_reason" CHECK (("entries"."result" = 'denied') = ("entries"."reason" is not null) and ("entries"."result" = 'granted') = ("entries"."granted_by" is not null)),
	CONSTRAINT "entries_granted_by" CHECK ("entries"."granted_by" is null or "entries"."granted_by" in ('membership','credit','booking','override')),
	CONSTRAINT "entries_source" CHECK ("entries"."source" in ('reader','wedge','offline','desk')),
	CONSTRAINT "entries_credits" CHECK ("entries"."credits_left" is null or "entries"."credits_left" >= 0),
	CONSTRAINT "entries_override" CHECK (("entries"."override_of" is null) = ("entries"."override_reason" is null) and ("entries"."override_of" is null or "entries"."granted_by" = 'override'))
);
--> statement-breakpoint
CREATE TABLE "staff_attendance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"in_at" timestamp with time zone NOT NULL,
	"out_at" timestamp with time zone,
	"in_scan_id" text,
	"out_scan_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_attendance_out_after_in" CHECK ("staff_attendance"."out_at" is null or "staff_attendance"."out_at" >= "staff_attendance"."in_at")
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_org_entitlement_fk" FOREIGN KEY ("organisation_id","entitlement_id") REFERENCES "public"."entitlements"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_org_staff_fk" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_org_override_of_fk" FOREIGN KEY ("organisation_id","override_of") REFERENCES "public"."entries"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_attendance" ADD CONSTRAINT "staff_attendance_org_staff_fk" FOREIGN KEY ("organisation_id","staff_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_org_scan" ON "entries" USING btree ("organisation_id","scan_id") WHERE "entries"."scan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_override_of" ON "entries" USING btree ("override_of") WHERE "entries"."override_of" is not null;--> statement-breakpoint
CREATE INDEX "entries_org_center_tapped" ON "entries" USING btree ("organisation_id","center_id","tapped_at");--> statement-breakpoint
CREATE INDEX "entries_member_tapped" ON "entries" USING btree ("member_id","tapped_at");--> statement-breakpoint
CREATE INDEX "entries_org_tapped" ON "entries" USING btree ("organisation_id","tapped_at");--> statement-breakpoint
CREATE INDEX "entries_card_tapped" ON "entries" USING btree ("organisation_id","card_number","tapped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_attendance_org_in_scan" ON "staff_attendance" USING btree ("organisation_id","in_scan_id") WHERE "staff_attendance"."in_scan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_attendance_org_out_scan" ON "staff_attendance" USING btree ("organisation_id","out_scan_id") WHERE "staff_attendance"."out_scan_id" is not null;--> statement-breakpoint
CREATE INDEX "staff_attendance_org_center_in" ON "staff_attendance" USING btree ("organisation_id","center_id","in_at");--> statement-breakpoint
CREATE INDEX "staff_attendance_staff_in" ON "staff_attendance" USING btree ("staff_id","in_at");--> statement-breakpoint
CREATE INDEX "cards_org_number" ON "cards" USING btree ("organisation_id","number");