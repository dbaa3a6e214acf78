CREATE TABLE "invoice_payment_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"public_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_payment_ids_invoice" UNIQUE("organisation_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "member_payment_ids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"public_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_payment_ids_member" UNIQUE("organisation_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "pay_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"installment_id" uuid,
	"kind" text NOT NULL,
	"amount_minor" bigint,
	"description" text,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"paid_at" timestamp with time zone,
	"paid_order_id" uuid,
	CONSTRAINT "pay_links_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "pay_links_kind" CHECK ("pay_links"."kind" in ('balance', 'installment', 'amount')),
	CONSTRAINT "pay_links_shape" CHECK (("pay_links"."kind" = 'installment') = ("pay_links"."installment_id" is not null) and ("pay_links"."kind" = 'amount') = ("pay_links"."amount_minor" is not null)),
	CONSTRAINT "pay_links_amount" CHECK ("pay_links"."amount_minor" is null or "pay_links"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"installment_id" uuid,
	"amount_minor" bigint NOT NULL,
	"payment_id" uuid,
	CONSTRAINT "payment_order_items_amount" CHECK ("payment_order_items"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"pay_link_id" uuid,
	"state" text DEFAULT 'created' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"session_id" text,
	"checkout_url" text,
	"session_expires_at" timestamp with time zone,
	"provider_reference" text,
	"failure_reason" text,
	"review_reason" text,
	"reported" jsonb,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_orders_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "payment_orders_state" CHECK ("payment_orders"."state" in ('created', 'pending', 'unknown', 'succeeded', 'failed', 'canceled', 'expired')),
	CONSTRAINT "payment_orders_amount" CHECK ("payment_orders"."amount_minor" > 0),
	CONSTRAINT "payment_orders_review" CHECK ("payment_orders"."review_reason" is null or "payment_orders"."review_reason" in ('amount_mismatch', 'currency_mismatch', 'invoice_changed'))
);
--> statement-breakpoint
CREATE TABLE "payment_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"secret_key" jsonb,
	"webhook_secrets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_settings_org" UNIQUE("organisation_id"),
	CONSTRAINT "payment_settings_provider" CHECK ("payment_settings"."provider" in ('simulated', 'stripe'))
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "simulated_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency_code" text NOT NULL,
	"description" text NOT NULL,
	"merchant_name" text NOT NULL,
	"return_url" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_intent" text NOT NULL,
	"failure_reason" text,
	"expires_at" timestamp with time zone NOT NULL,
	"settle_at" timestamp with time zone,
	"events" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "simulated_checkout_sessions_status" CHECK ("simulated_checkout_sessions"."status" in ('open', 'requires_action', 'processing', 'paid', 'failed', 'canceled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "invoice_payment_ids" ADD CONSTRAINT "invoice_payment_ids_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_ids" ADD CONSTRAINT "invoice_payment_ids_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payment_ids" ADD CONSTRAINT "invoice_payment_ids_org_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_ids" ADD CONSTRAINT "member_payment_ids_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_ids" ADD CONSTRAINT "member_payment_ids_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_payment_ids" ADD CONSTRAINT "member_payment_ids_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_org_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_org_installment_fk" FOREIGN KEY ("organisation_id","installment_id") REFERENCES "public"."installments"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_org_created_by_fk" FOREIGN KEY ("organisation_id","created_by") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_links" ADD CONSTRAINT "pay_links_org_revoked_by_fk" FOREIGN KEY ("organisation_id","revoked_by") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_org_order_fk" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."payment_orders"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_org_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_org_installment_fk" FOREIGN KEY ("organisation_id","installment_id") REFERENCES "public"."installments"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_order_items" ADD CONSTRAINT "payment_order_items_org_payment_fk" FOREIGN KEY ("organisation_id","payment_id") REFERENCES "public"."payments"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_pay_link_id_pay_links_id_fk" FOREIGN KEY ("pay_link_id") REFERENCES "public"."pay_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_org_pay_link_fk" FOREIGN KEY ("organisation_id","pay_link_id") REFERENCES "public"."pay_links"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_webhook_events" ADD CONSTRAINT "payment_webhook_events_org_order_fk" FOREIGN KEY ("organisation_id","order_id") REFERENCES "public"."payment_orders"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulated_checkout_sessions" ADD CONSTRAINT "simulated_checkout_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payment_ids_public" ON "invoice_payment_ids" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_payment_ids_public" ON "member_payment_ids" USING btree ("public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_links_token" ON "pay_links" USING btree ("token");--> statement-breakpoint
CREATE INDEX "pay_links_org_created" ON "pay_links" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "pay_links_invoice" ON "pay_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_order_items_order" ON "payment_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_order_items_invoice" ON "payment_order_items" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_open_purpose" ON "payment_orders" USING btree ("organisation_id","purpose") WHERE "payment_orders"."state" in ('created', 'pending', 'unknown');--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_session" ON "payment_orders" USING btree ("provider","session_id");--> statement-breakpoint
CREATE INDEX "payment_orders_open" ON "payment_orders" USING btree ("state","checked_at");--> statement-breakpoint
CREATE INDEX "payment_orders_org_created" ON "payment_orders" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_orders_link" ON "payment_orders" USING btree ("pay_link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_once" ON "payment_webhook_events" USING btree ("organisation_id","provider","event_id");--> statement-breakpoint
CREATE INDEX "payment_webhook_events_order" ON "payment_webhook_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_checkout_sessions_order" ON "simulated_checkout_sessions" USING btree ("organisation_id","order_id");--> statement-breakpoint
CREATE INDEX "simulated_checkout_sessions_due" ON "simulated_checkout_sessions" USING btree ("status","settle_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_online_once" ON "payments" USING btree ("invoice_id","reference") WHERE "payments"."kind" = 'payment' and "payments"."method" = 'online';