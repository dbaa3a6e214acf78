ALTER TABLE "centers" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "possible_duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
-- Existing centres get the country their time zone names, where it names one country.
UPDATE "centers" SET "country" = CASE "time_zone"
  WHEN 'Asia/Hong_Kong' THEN 'HK' WHEN 'Asia/Macau' THEN 'MO' WHEN 'Asia/Taipei' THEN 'TW'
  WHEN 'Asia/Shanghai' THEN 'CN' WHEN 'Asia/Singapore' THEN 'SG' WHEN 'Europe/London' THEN 'GB'
  WHEN 'Europe/Berlin' THEN 'DE' WHEN 'Europe/Paris' THEN 'FR' WHEN 'Europe/Lisbon' THEN 'PT'
  WHEN 'America/Sao_Paulo' THEN 'BR' END
WHERE "country" IS NULL;
