-- A centre's currency is its organisation's: the catalogue has one price per item, in the organisation's
-- currency, and every sale recorded that currency on its invoice whatever its centre said. A centre given
-- another code before takes the organisation's (the one its invoices are in); its symbol, a display
-- choice, stays.
UPDATE "centers" AS c
SET "currency_code" = coalesce(nullif(o."settings"->>'currencyCode', ''), 'BRL')
FROM "organisations" AS o
WHERE o."id" = c."organisation_id"
  AND c."currency_code" <> coalesce(nullif(o."settings"->>'currencyCode', ''), 'BRL');
