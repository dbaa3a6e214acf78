ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_type";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "renter_member_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_fee_invoice_id_invoices_id_fk" FOREIGN KEY ("fee_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_renter_fk" FOREIGN KEY ("organisation_id","renter_member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classes_org_renter_starts" ON "classes" USING btree ("organisation_id","renter_member_id","starts_at") WHERE "classes"."renter_member_id" is not null;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_rental_renter" CHECK (("classes"."mode" = 'rental') = ("classes"."renter_member_id" is not null));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_type" CHECK ("invoice_lines"."item_type" in ('membership','package','short_course','product','product_set','fee'));