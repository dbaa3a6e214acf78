-- An organisation names its currency when it is created (registration, the seed); there is no default
-- any more. The organisations that never named one have been running on the old default (BRL, shown
-- as `R$ `): that becomes their stored currency, so nothing they see changes. Centres take the
-- organisation's currency when they are created, so their columns lose their defaults.
UPDATE "organisations"
SET "settings" = "settings" || jsonb_build_object('currencyCode', 'BRL')
WHERE coalesce("settings"->>'currencyCode', '') = '';--> statement-breakpoint
UPDATE "organisations"
SET "settings" = "settings" || jsonb_build_object('currencySymbol', 'R$ ')
WHERE "settings"->>'currencySymbol' IS NULL;--> statement-breakpoint
ALTER TABLE "centers" ALTER COLUMN "currency_symbol" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "centers" ALTER COLUMN "currency_code" DROP DEFAULT;
