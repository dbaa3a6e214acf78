CREATE TABLE "commission_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"earned_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commission_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"staff_id" uuid,
	"role" text,
	"item_type" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_who" CHECK (("commission_rules"."staff_id" is null) <> ("commission_rules"."role" is null)),
	CONSTRAINT "commission_rules_kind" CHECK ("commission_rules"."kind" in ('percent','fixed')),
	CONSTRAINT "commission_rules_type" CHECK ("commission_rules"."item_type" in ('membership','package','short_course','product','product_set','any'))
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"coupon_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"discount_minor" bigint NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"percent_bp" integer DEFAULT 0 NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"usage_limit" integer,
	"per_member_limit" integer,
	"min_spend_minor" bigint DEFAULT 0 NOT NULL,
	"applies_to_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"applies_to_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind" CHECK ("coupons"."kind" in ('percent','amount')),
	CONSTRAINT "coupons_percent" CHECK ("coupons"."percent_bp" between 0 and 10000),
	CONSTRAINT "coupons_amounts" CHECK ("coupons"."amount_minor" >= 0 and "coupons"."min_spend_minor" >= 0),
	CONSTRAINT "coupons_limits" CHECK (coalesce("coupons"."usage_limit", 1) >= 1 and coalesce("coupons"."per_member_limit", 1) >= 1)
);
--> statement-breakpoint
CREATE TABLE "credit_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"usage" text NOT NULL,
	"credits" integer NOT NULL,
	"validity_days" integer NOT NULL,
	"all_centers" boolean DEFAULT true NOT NULL,
	"center_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_packages_usage" CHECK ("credit_packages"."usage" in ('class','pt','any','rental')),
	CONSTRAINT "credit_packages_credits" CHECK ("credit_packages"."credits" between 1 and 10000),
	CONSTRAINT "credit_packages_validity" CHECK ("credit_packages"."validity_days" between 1 and 3660),
	CONSTRAINT "credit_packages_price" CHECK ("credit_packages"."price_minor" >= 0),
	CONSTRAINT "credit_packages_tax" CHECK ("credit_packages"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "entitlement_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"entitlement_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"credits_delta" integer DEFAULT 0 NOT NULL,
	"days_delta" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"ref_type" text,
	"ref_id" uuid,
	"reason" text,
	"staff_id" uuid,
	"effective_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlement_ledger_seq" UNIQUE("entitlement_id","seq"),
	CONSTRAINT "entitlement_ledger_kind" CHECK ("entitlement_ledger"."kind" in ('grant','activate','use','return','freeze','unfreeze','extend','transfer_out','transfer_in','expire','penalty','adjust','refund'))
);
--> statement-breakpoint
CREATE TABLE "entitlement_state" (
	"entitlement_id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"credits_granted" integer,
	"credits_left" integer,
	"frozen_from" date,
	"frozen_until" date,
	"frozen" boolean DEFAULT false NOT NULL,
	"freezes" integer DEFAULT 0 NOT NULL,
	"frozen_days" integer DEFAULT 0 NOT NULL,
	"last_seq" integer NOT NULL,
	CONSTRAINT "entitlement_state_credits" CHECK ("entitlement_state"."credits_left" is null or "entitlement_state"."credits_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"usage" text,
	"all_centers" boolean NOT NULL,
	"center_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"center_id" uuid NOT NULL,
	"invoice_line_id" uuid,
	"duration_value" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"start_rule" text DEFAULT 'on_sale' NOT NULL,
	"max_freezes" integer DEFAULT 0 NOT NULL,
	"max_freeze_days" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entitlements_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "entitlements_kind" CHECK ("entitlements"."kind" in ('membership','package','short_course'))
);
--> statement-breakpoint
CREATE TABLE "installments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"due_on" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "installments_invoice_seq" UNIQUE("invoice_id","seq"),
	CONSTRAINT "installments_amount" CHECK ("installments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"item_type" text NOT NULL,
	"item_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"list_price_minor" bigint NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"price_override_reason" text,
	"discount_minor" bigint DEFAULT 0 NOT NULL,
	"coupon_discount_minor" bigint DEFAULT 0 NOT NULL,
	"total_minor" bigint NOT NULL,
	"tax_rate_bp" integer NOT NULL,
	"tax_minor" bigint NOT NULL,
	"sold_by_id" uuid,
	CONSTRAINT "invoice_lines_invoice_no" UNIQUE("invoice_id","line_no"),
	CONSTRAINT "invoice_lines_type" CHECK ("invoice_lines"."item_type" in ('membership','package','short_course','product','product_set')),
	CONSTRAINT "invoice_lines_quantity" CHECK ("invoice_lines"."quantity" between 1 and 10000),
	CONSTRAINT "invoice_lines_amounts" CHECK ("invoice_lines"."unit_price_minor" >= 0 and "invoice_lines"."discount_minor" >= 0 and "invoice_lines"."coupon_discount_minor" >= 0
        and "invoice_lines"."total_minor" = "invoice_lines"."quantity" * "invoice_lines"."unit_price_minor" - "invoice_lines"."discount_minor" - "invoice_lines"."coupon_discount_minor"
        and "invoice_lines"."total_minor" >= 0 and "invoice_lines"."tax_minor" >= 0 and "invoice_lines"."tax_minor" <= "invoice_lines"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"currency_code" text NOT NULL,
	"subtotal_minor" bigint NOT NULL,
	"discount_minor" bigint NOT NULL,
	"total_minor" bigint NOT NULL,
	"tax_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'issued' NOT NULL,
	"coupon_id" uuid,
	"offer_id" uuid,
	"note" text,
	"staff_id" uuid,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_org_seq" UNIQUE("organisation_id","seq"),
	CONSTRAINT "invoices_org_number" UNIQUE("organisation_id","number"),
	CONSTRAINT "invoices_org_id" UNIQUE("organisation_id","id"),
	CONSTRAINT "invoices_state" CHECK ("invoices"."state" in ('issued','partly_paid','paid','void','partly_refunded','refunded')),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."subtotal_minor" >= 0 and "invoices"."discount_minor" >= 0 and "invoices"."total_minor" = "invoices"."subtotal_minor" - "invoices"."discount_minor"
        and "invoices"."tax_minor" >= 0 and "invoices"."tax_minor" <= "invoices"."total_minor"),
	CONSTRAINT "invoices_paid_bounds" CHECK ("invoices"."paid_minor" >= 0 and "invoices"."refunded_minor" >= 0 and "invoices"."paid_minor" + "invoices"."refunded_minor" <= "invoices"."total_minor")
);
--> statement-breakpoint
CREATE TABLE "membership_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"duration_value" integer NOT NULL,
	"duration_unit" text NOT NULL,
	"all_centers" boolean DEFAULT true NOT NULL,
	"center_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"max_freezes" integer DEFAULT 0 NOT NULL,
	"max_freeze_days" integer DEFAULT 0 NOT NULL,
	"freeze_fee_minor" bigint DEFAULT 0 NOT NULL,
	"start_rule" text DEFAULT 'on_sale' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_unit" CHECK ("membership_plans"."duration_unit" in ('day','month','year')),
	CONSTRAINT "membership_plans_duration" CHECK ("membership_plans"."duration_value" between 1 and 3660),
	CONSTRAINT "membership_plans_start_rule" CHECK ("membership_plans"."start_rule" in ('on_sale','chosen_date','first_entry')),
	CONSTRAINT "membership_plans_price" CHECK ("membership_plans"."price_minor" >= 0 and "membership_plans"."freeze_fee_minor" >= 0),
	CONSTRAINT "membership_plans_tax" CHECK ("membership_plans"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"image" text,
	"valid_from" date,
	"valid_until" date,
	"all_centers" boolean DEFAULT true NOT NULL,
	"center_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cart" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"coupon_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"organisation_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"installment_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_installment_id_pk" PRIMARY KEY("payment_id","installment_id"),
	CONSTRAINT "payment_allocations_amount" CHECK ("payment_allocations"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"tendered_minor" bigint,
	"change_minor" bigint,
	"reference" text,
	"reason" text,
	"refund_of_id" uuid,
	"staff_id" uuid,
	"paid_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind" CHECK ("payments"."kind" in ('payment','refund')),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_minor" > 0 or ("payments"."kind" = 'refund' and "payments"."amount_minor" = 0)),
	CONSTRAINT "payments_change" CHECK (("payments"."tendered_minor" is null and "payments"."change_minor" is null) or ("payments"."tendered_minor" - "payments"."change_minor" = "payments"."amount_minor" and "payments"."change_minor" >= 0))
);
--> statement-breakpoint
CREATE TABLE "product_set_items" (
	"organisation_id" uuid NOT NULL,
	"set_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "product_set_items_set_id_product_id_pk" PRIMARY KEY("set_id","product_id"),
	CONSTRAINT "product_set_items_quantity" CHECK ("product_set_items"."quantity" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "product_sets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_sets_price" CHECK ("product_sets"."price_minor" >= 0),
	CONSTRAINT "product_sets_tax" CHECK ("product_sets"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_stock_product_id_center_id_pk" PRIMARY KEY("product_id","center_id"),
	CONSTRAINT "product_stock_not_negative" CHECK ("product_stock"."on_hand" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"category" text,
	"price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"low_stock_threshold" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price" CHECK ("products"."price_minor" >= 0),
	CONSTRAINT "products_tax" CHECK ("products"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "refund_items" (
	"organisation_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"credit_minor" bigint NOT NULL,
	CONSTRAINT "refund_items_refund_id_invoice_line_id_pk" PRIMARY KEY("refund_id","invoice_line_id"),
	CONSTRAINT "refund_items_amounts" CHECK ("refund_items"."quantity" >= 0 and "refund_items"."amount_minor" >= 0 and "refund_items"."credit_minor" >= "refund_items"."amount_minor")
);
--> statement-breakpoint
CREATE TABLE "short_courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sessions" integer NOT NULL,
	"capacity" integer NOT NULL,
	"starts_on" date,
	"price_minor" bigint NOT NULL,
	"tax_rate_bp" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "short_courses_sessions" CHECK ("short_courses"."sessions" between 1 and 500),
	CONSTRAINT "short_courses_capacity" CHECK ("short_courses"."capacity" between 1 and 1000),
	CONSTRAINT "short_courses_price" CHECK ("short_courses"."price_minor" >= 0),
	CONSTRAINT "short_courses_tax" CHECK ("short_courses"."tax_rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"center_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text,
	"invoice_line_id" uuid,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind" CHECK ("stock_movements"."kind" in ('received','sold','returned','adjusted')),
	CONSTRAINT "stock_movements_quantity" CHECK ("stock_movements"."quantity" <> 0)
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "invoice_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_entries" ADD CONSTRAINT "commission_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_ledger" ADD CONSTRAINT "entitlement_ledger_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_ledger" ADD CONSTRAINT "entitlement_ledger_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_ledger" ADD CONSTRAINT "entitlement_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_ledger" ADD CONSTRAINT "entitlement_ledger_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_state" ADD CONSTRAINT "entitlement_state_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_state" ADD CONSTRAINT "entitlement_state_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_state" ADD CONSTRAINT "entitlement_state_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "installments" ADD CONSTRAINT "installments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_sold_by_id_users_id_fk" FOREIGN KEY ("sold_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_org_member_fk" FOREIGN KEY ("organisation_id","member_id") REFERENCES "public"."members"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_plans" ADD CONSTRAINT "membership_plans_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_installment_id_installments_id_fk" FOREIGN KEY ("installment_id") REFERENCES "public"."installments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_org_invoice_fk" FOREIGN KEY ("organisation_id","invoice_id") REFERENCES "public"."invoices"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_set_items" ADD CONSTRAINT "product_set_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_set_items" ADD CONSTRAINT "product_set_items_set_id_product_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."product_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_set_items" ADD CONSTRAINT "product_set_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_sets" ADD CONSTRAINT "product_sets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_refund_id_payments_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_invoice_line_id_invoice_lines_id_fk" FOREIGN KEY ("invoice_line_id") REFERENCES "public"."invoice_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_courses" ADD CONSTRAINT "short_courses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_courses" ADD CONSTRAINT "short_courses_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_courses" ADD CONSTRAINT "short_courses_org_center_fk" FOREIGN KEY ("organisation_id","center_id") REFERENCES "public"."centers"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_center_id_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_entries_staff" ON "commission_entries" USING btree ("organisation_id","staff_id","earned_on");--> statement-breakpoint
CREATE INDEX "commission_entries_line" ON "commission_entries" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "commission_rules_org" ON "commission_rules" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon" ON "coupon_uses" USING btree ("coupon_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_invoice" ON "coupon_uses" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_org_code" ON "coupons" USING btree ("organisation_id",upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "credit_packages_org_name" ON "credit_packages" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "entitlement_ledger_member" ON "entitlement_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "entitlement_ledger_ref" ON "entitlement_ledger" USING btree ("ref_type","ref_id") WHERE "entitlement_ledger"."ref_id" is not null;--> statement-breakpoint
CREATE INDEX "entitlement_state_member" ON "entitlement_state" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "entitlements_member" ON "entitlements" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "entitlements_org_item" ON "entitlements" USING btree ("organisation_id","kind","item_id");--> statement-breakpoint
CREATE INDEX "entitlements_line" ON "entitlements" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE INDEX "installments_org_due" ON "installments" USING btree ("organisation_id","due_on");--> statement-breakpoint
CREATE INDEX "invoice_lines_item" ON "invoice_lines" USING btree ("organisation_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_sold_by" ON "invoice_lines" USING btree ("sold_by_id");--> statement-breakpoint
CREATE INDEX "invoices_org_issued" ON "invoices" USING btree ("organisation_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_member" ON "invoices" USING btree ("member_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_org_center_state" ON "invoices" USING btree ("organisation_id","center_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_plans_org_name" ON "membership_plans" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "offers_org" ON "offers" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "payment_allocations_installment" ON "payment_allocations" USING btree ("installment_id");--> statement-breakpoint
CREATE INDEX "payments_invoice" ON "payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payments_org_paid" ON "payments" USING btree ("organisation_id","paid_on");--> statement-breakpoint
CREATE INDEX "payments_member" ON "payments" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_sets_org_name" ON "product_sets" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_stock_org_center" ON "product_stock" USING btree ("organisation_id","center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_sku" ON "products" USING btree ("organisation_id",lower("sku"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_barcode" ON "products" USING btree ("organisation_id","barcode") WHERE "products"."barcode" is not null;--> statement-breakpoint
CREATE INDEX "refund_items_line" ON "refund_items" USING btree ("invoice_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "short_courses_center_name" ON "short_courses" USING btree ("center_id",lower("name"));--> statement-breakpoint
CREATE INDEX "short_courses_org" ON "short_courses" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "stock_movements_product" ON "stock_movements" USING btree ("product_id","center_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_org" ON "stock_movements" USING btree ("organisation_id","created_at");