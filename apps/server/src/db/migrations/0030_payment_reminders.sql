CREATE TABLE "payment_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"installment_id" uuid,
	"debt_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"offset_days" integer NOT NULL,
	"outcome" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"pay_link_id" uuid,
	"sent_to" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_reminders_outcome" CHECK ("payment_reminders"."outcome" in ('sent', 'skipped', 'no_email'))
);
--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "reminders_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "reminder_offsets" jsonb DEFAULT '[-3,1,3,7]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "reminder_window_start" text DEFAULT '09:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "reminder_window_end" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD COLUMN "booking_block_overdue_days" integer;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_org_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_org_installment_fk" FOREIGN KEY ("organisation_id","installment_id") REFERENCES "public"."installments"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reminders" ADD CONSTRAINT "payment_reminders_org_pay_link_fk" FOREIGN KEY ("organisation_id","pay_link_id") REFERENCES "public"."pay_links"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reminders_once" ON "payment_reminders" USING btree ("organisation_id","debt_id","offset_days");--> statement-breakpoint
CREATE INDEX "payment_reminders_member" ON "payment_reminders" USING btree ("member_id","at");--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_booking_block" CHECK ("payment_settings"."booking_block_overdue_days" is null or "payment_settings"."booking_block_overdue_days" between 1 and 365);