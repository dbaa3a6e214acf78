CREATE TABLE "reader_scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"reader_id" uuid NOT NULL,
	"scan_id" text NOT NULL,
	"card" text NOT NULL,
	"tapped_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reader_scans" ADD CONSTRAINT "reader_scans_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_scans" ADD CONSTRAINT "reader_scans_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_scans" ADD CONSTRAINT "reader_scans_reader_id_readers_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."readers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_scans" ADD CONSTRAINT "reader_scans_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reader_scans_reader_scan" ON "reader_scans" USING btree ("reader_id","scan_id");--> statement-breakpoint
CREATE INDEX "reader_scans_org" ON "reader_scans" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "readers_sn" ON "readers" USING btree ("sn");