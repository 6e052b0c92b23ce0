DROP INDEX "journal_entries_user_broker_ticket_idx";--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "broker_account" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_user_broker_account_ticket_idx" ON "journal_entries" USING btree ("user_id","source","broker_account","broker_ticket");