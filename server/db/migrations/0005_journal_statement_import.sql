ALTER TABLE "journal_entries" ALTER COLUMN "stop_loss" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "take_profit_1" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "risk_percentage" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "risk_amount" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ALTER COLUMN "planned_risk_reward" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "broker_ticket" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "source_utc_offset_minutes" integer;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "account_currency" text;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "gross_profit" double precision;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "commission" double precision;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "swap" double precision;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "net_profit" double precision;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "partial_close" boolean;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_user_broker_ticket_idx" ON "journal_entries" USING btree ("user_id","source","broker_ticket");