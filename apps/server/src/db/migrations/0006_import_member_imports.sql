CREATE TABLE "member_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"file_name" text NOT NULL,
	"total" integer NOT NULL,
	"seq_before" integer,
	"seq_after" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_imports_status_known" CHECK ("member_imports"."status" in ('running','done','failed'))
);
--> statement-breakpoint
ALTER TABLE "import_presets" ADD COLUMN "values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_imports" ADD CONSTRAINT "member_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_imports_running" ON "member_imports" USING btree ("status") WHERE "member_imports"."status" <> 'done';--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_import_id_member_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."member_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_import" ON "members" USING btree ("import_id") WHERE "members"."import_id" is not null;