CREATE TABLE "pt_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"room_id" uuid,
	"entitlement_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"credit_ledger_id" uuid,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"notes" text,
	"booked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pt_sessions_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "pt_sessions_status" CHECK ("pt_sessions"."status" in ('booked','completed','cancelled','late_cancelled','no_show')),
	CONSTRAINT "pt_sessions_duration" CHECK ("pt_sessions"."duration_minutes" between 15 and 240),
	CONSTRAINT "pt_sessions_ends_after_start" CHECK ("pt_sessions"."ends_at" > "pt_sessions"."starts_at"),
	CONSTRAINT "pt_sessions_completed" CHECK (("pt_sessions"."status" = 'completed') = ("pt_sessions"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "trainer_days_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_days_off_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "trainer_days_off_order" CHECK ("trainer_days_off"."to_date" >= "trainer_days_off"."from_date")
);
--> statement-breakpoint
CREATE TABLE "trainer_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"trainer_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trainer_hours_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "trainer_hours_weekday" CHECK ("trainer_hours"."weekday" between 1 and 7),
	CONSTRAINT "trainer_hours_times" CHECK ("trainer_hours"."start_time" ~ '^[0-2][0-9]:[0-5][0-9]$' and "trainer_hours"."end_time" ~ '^[0-2][0-9]:[0-5][0-9]$'),
	CONSTRAINT "trainer_hours_order" CHECK ("trainer_hours"."end_time" > "trainer_hours"."start_time")
);
--> statement-breakpoint
ALTER TABLE "commission_rules" DROP CONSTRAINT "commission_rules_type";--> statement-breakpoint
ALTER TABLE "commission_entries" ALTER COLUMN "invoice_line_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_entries" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD COLUMN "pt_session_id" uuid;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_org_trainer_fk" FOREIGN KEY ("organisation_id","trainer_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_org_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_org_entitlement_fk" FOREIGN KEY ("organisation_id","entitlement_id") REFERENCES "public"."entitlements"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pt_sessions" ADD CONSTRAINT "pt_sessions_credit_ledger_fk" FOREIGN KEY ("credit_ledger_id") REFERENCES "public"."entitlement_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_days_off" ADD CONSTRAINT "trainer_days_off_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_days_off" ADD CONSTRAINT "trainer_days_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_days_off" ADD CONSTRAINT "trainer_days_off_org_trainer_fk" FOREIGN KEY ("organisation_id","trainer_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_hours" ADD CONSTRAINT "trainer_hours_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_hours" ADD CONSTRAINT "trainer_hours_org_trainer_fk" FOREIGN KEY ("organisation_id","trainer_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainer_hours" ADD CONSTRAINT "trainer_hours_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pt_sessions_org_center_starts" ON "pt_sessions" USING btree ("organisation_id","center_id","starts_at");--> statement-breakpoint
CREATE INDEX "pt_sessions_org_trainer_starts" ON "pt_sessions" USING btree ("organisation_id","trainer_id","starts_at");--> statement-breakpoint
CREATE INDEX "pt_sessions_entitlement" ON "pt_sessions" USING btree ("entitlement_id","status");--> statement-breakpoint
CREATE INDEX "pt_sessions_org_member" ON "pt_sessions" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pt_sessions_credit_ledger" ON "pt_sessions" USING btree ("credit_ledger_id");--> statement-breakpoint
CREATE INDEX "trainer_days_off_trainer" ON "trainer_days_off" USING btree ("organisation_id","trainer_id","from_date");--> statement-breakpoint
CREATE INDEX "trainer_hours_trainer" ON "trainer_hours" USING btree ("organisation_id","trainer_id","weekday");--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_pt_session_id_pt_sessions_id_fk" FOREIGN KEY ("pt_session_id") REFERENCES "public"."pt_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_entries_pt_session" ON "commission_entries" USING btree ("pt_session_id");--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_source" CHECK (("commission_entries"."invoice_line_id" is not null and "commission_entries"."payment_id" is not null) <> ("commission_entries"."pt_session_id" is not null));--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_type" CHECK ("commission_rules"."item_type" in ('membership','package','short_course','product','product_set','pt_session','any'));