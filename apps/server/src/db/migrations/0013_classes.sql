ALTER TABLE "rooms" ADD CONSTRAINT "rooms_org_id" UNIQUE("organisation_id","id");--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"paid_by" text,
	"entitlement_id" uuid,
	"credits_used" integer DEFAULT 0 NOT NULL,
	"credit_returned" boolean DEFAULT false NOT NULL,
	"waitlist_position" integer,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"attended_at" timestamp with time zone,
	"attendance_source" text,
	"waived" boolean DEFAULT false NOT NULL,
	"waiver_note" text,
	"waived_by" uuid,
	"booked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "bookings_status" CHECK ("bookings"."status" in ('booked','waitlisted','cancelled','late_cancelled','no_show','attended')),
	CONSTRAINT "bookings_paid_by" CHECK ("bookings"."paid_by" is null or "bookings"."paid_by" in ('package','membership')),
	CONSTRAINT "bookings_waitlist" CHECK (("bookings"."status" = 'waitlisted') = ("bookings"."waitlist_position" is not null))
);
--> statement-breakpoint
CREATE TABLE "class_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"first_date" date NOT NULL,
	"start_time" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"every_weeks" integer DEFAULT 1 NOT NULL,
	"until_date" date,
	"count" integer,
	"exceptions" date[] DEFAULT '{}'::date[] NOT NULL,
	"split_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_series_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "class_series_every_weeks" CHECK ("class_series"."every_weeks" between 1 and 52),
	CONSTRAINT "class_series_until_or_count" CHECK (("class_series"."until_date" is null) <> ("class_series"."count" is null))
);
--> statement-breakpoint
CREATE TABLE "class_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"colour" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"credits" integer DEFAULT 1 NOT NULL,
	"any_class_package" boolean DEFAULT true NOT NULL,
	"credit_package_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"all_memberships" boolean DEFAULT false NOT NULL,
	"membership_plan_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_types_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "class_types_duration" CHECK ("class_types"."duration_minutes" between 5 and 720),
	CONSTRAINT "class_types_capacity" CHECK ("class_types"."capacity" between 1 and 1000),
	CONSTRAINT "class_types_credits" CHECK ("class_types"."credits" between 0 and 100),
	CONSTRAINT "class_types_colour" CHECK ("class_types"."colour" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"series_id" uuid,
	"center_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"class_type_id" uuid NOT NULL,
	"business_date" date NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"credits" integer NOT NULL,
	"booking_opens_days_before" integer NOT NULL,
	"booking_closes_minutes_before" integer NOT NULL,
	"cancellation_window_minutes" integer NOT NULL,
	"mode" text DEFAULT 'in_house' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "classes_mode" CHECK ("classes"."mode" in ('in_house','rental')),
	CONSTRAINT "classes_status" CHECK ("classes"."status" in ('scheduled','cancelled')),
	CONSTRAINT "classes_capacity" CHECK ("classes"."capacity" between 1 and 1000),
	CONSTRAINT "classes_credits" CHECK ("classes"."credits" between 0 and 100),
	CONSTRAINT "classes_duration" CHECK ("classes"."duration_minutes" between 5 and 720),
	CONSTRAINT "classes_ends_after_start" CHECK ("classes"."ends_at" > "classes"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_waived_by_users_id_fk" FOREIGN KEY ("waived_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_org_class_fk" FOREIGN KEY ("organisation_id","class_id") REFERENCES "public"."classes"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_org_entitlement_fk" FOREIGN KEY ("organisation_id","entitlement_id") REFERENCES "public"."entitlements"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_series" ADD CONSTRAINT "class_series_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_types" ADD CONSTRAINT "class_types_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_room_fk" FOREIGN KEY ("organisation_id","room_id") REFERENCES "public"."rooms"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_teacher_fk" FOREIGN KEY ("organisation_id","teacher_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_type_fk" FOREIGN KEY ("organisation_id","class_type_id") REFERENCES "public"."class_types"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_series_fk" FOREIGN KEY ("organisation_id","series_id") REFERENCES "public"."class_series"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_active_member_class" ON "bookings" USING btree ("class_id","member_id") WHERE "bookings"."status" in ('booked','waitlisted','attended');--> statement-breakpoint
CREATE INDEX "bookings_class_status" ON "bookings" USING btree ("class_id","status");--> statement-breakpoint
CREATE INDEX "bookings_org_member" ON "bookings" USING btree ("organisation_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_types_org_name" ON "class_types" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "classes_org_center_starts" ON "classes" USING btree ("organisation_id","center_id","starts_at");--> statement-breakpoint
CREATE INDEX "classes_series_date" ON "classes" USING btree ("series_id","business_date");--> statement-breakpoint
CREATE INDEX "classes_org_teacher_starts" ON "classes" USING btree ("organisation_id","teacher_id","starts_at");