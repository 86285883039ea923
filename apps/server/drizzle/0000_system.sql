CREATE TABLE "system_customer_service" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"cs_type" varchar(20) NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_domain_routes" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"domain" text NOT NULL,
	"purpose" varchar(10) NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_features" (
	"merchant_code" varchar(20) NOT NULL,
	"mod_id" varchar(40) NOT NULL,
	"parent_mod_id" varchar(40),
	"enabled" boolean NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "system_features_merchant_code_mod_id_pk" PRIMARY KEY("merchant_code","mod_id")
);
--> statement-breakpoint
CREATE TABLE "system_help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"category" varchar(40) NOT NULL,
	"category_sort" integer NOT NULL,
	"anchor" varchar(60) NOT NULL,
	"sort_order" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"translations" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_keys" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"public_pem" text NOT NULL,
	"private_pem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_merchants" (
	"code" varchar(20) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"currency_symbol" text NOT NULL,
	"currency_scale" smallint NOT NULL,
	"default_language" varchar(8) NOT NULL,
	"languages" jsonb NOT NULL,
	"main_domain" text NOT NULL,
	"analytics_gtag_id" text,
	"image_cdns" jsonb NOT NULL,
	"launch_game_cdns" jsonb NOT NULL,
	"country_dialing_codes" jsonb NOT NULL,
	"maintenance_enabled" boolean DEFAULT false NOT NULL,
	"maintenance_end" timestamp with time zone,
	"blocked_countries" jsonb NOT NULL,
	"blocked_ip_ranges" jsonb NOT NULL,
	"payload_encryption_enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_register_fields" (
	"merchant_code" varchar(20) NOT NULL,
	"field" varchar(40) NOT NULL,
	"enabled" boolean NOT NULL,
	"required" boolean NOT NULL,
	"pattern_id" varchar(40) NOT NULL,
	"accepted_pattern" text NOT NULL,
	"min_length" integer NOT NULL,
	"max_length" integer NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "system_register_fields_merchant_code_field_pk" PRIMARY KEY("merchant_code","field")
);
--> statement-breakpoint
CREATE TABLE "system_resources" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" varchar(20) NOT NULL,
	"resource_type" varchar(40) NOT NULL,
	"label_name_en" text NOT NULL,
	"url" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "system_customer_service" ADD CONSTRAINT "system_customer_service_merchant_code_system_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."system_merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_domain_routes" ADD CONSTRAINT "system_domain_routes_merchant_code_system_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."system_merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_features" ADD CONSTRAINT "system_features_merchant_code_system_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."system_merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_help_articles" ADD CONSTRAINT "system_help_articles_merchant_code_system_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."system_merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_register_fields" ADD CONSTRAINT "system_register_fields_merchant_code_system_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."system_merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_resources" ADD CONSTRAINT "system_resources_merchant_code_system_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."system_merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "system_help_articles_anchor_uq" ON "system_help_articles" USING btree ("merchant_code","anchor");