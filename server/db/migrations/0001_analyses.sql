CREATE TABLE "analyses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"symbol" text NOT NULL,
	"direction" text,
	"confidence" integer NOT NULL,
	"trade_recommended" boolean NOT NULL,
	"account_size" double precision NOT NULL,
	"risk_percentage" double precision NOT NULL,
	"result" jsonb NOT NULL,
	"thumb_5m" text NOT NULL,
	"thumb_15m" text NOT NULL,
	"thumb_4h" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analyses" ADD CONSTRAINT "analyses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analyses_user_created_idx" ON "analyses" USING btree ("user_id","created_at");