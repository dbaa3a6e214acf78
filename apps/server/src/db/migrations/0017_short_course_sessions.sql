ALTER TABLE "short_courses" ADD CONSTRAINT "short_courses_org_id" UNIQUE("organisation_id","id");--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "short_course_id" uuid;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_org_short_course_fk" FOREIGN KEY ("organisation_id","short_course_id") REFERENCES "public"."short_courses"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "classes_short_course_starts" ON "classes" USING btree ("short_course_id","starts_at") WHERE "classes"."short_course_id" is not null;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_course_in_house" CHECK ("classes"."short_course_id" is null or "classes"."mode" = 'in_house');