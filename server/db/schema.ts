import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  doublePrecision,
  boolean,
} from 'drizzle-orm/pg-core';
import { TRADING_EXPERIENCE_LEVELS } from '../../contracts/auth';

/**
 * The database schema. Migrations in ./migrations are generated from this file by
 * `npm run db:generate` and committed; the server applies them at start-up.
 */

export const tradingExperience = pgEnum('trading_experience', TRADING_EXPERIENCE_LEVELS);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased so the unique index also catches Jane@X.com vs jane@x.com. */
    email: text('email').notNull(),
    tradingExperience: tradingExperience('trading_experience').notNull(),
    createdAt: createdAt(),
    /**
     * When the owner first signed in with an emailed code (decision 015). Registration alone
     * proves nothing about the address, so until then the account is unverified.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the 256-bit cookie token: a database leak gives no usable session. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

export const loginCodes = pgTable(
  'login_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Several rows per user: a new request does not void a code still alive, so a stranger
     * asking for codes cannot burn the one the owner is typing (decision 015).
     */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('login_codes_user_id_idx').on(t.userId)],
);

/**
 * One chart analysis per row (issue 6): the full result JSON and three WebP images of the
 * screenshots (base64, about 1280 px wide since issue 20: enough to check the drawn zones
 * against the candles) to draw the overlays on when the trader reopens it. The uploaded
 * originals are never kept. Summary columns serve the history list without reading the JSON;
 * the images live in the row, so deleting or pruning an analysis removes them.
 */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    symbol: text('symbol').notNull(),
    direction: text('direction'),
    confidence: integer('confidence').notNull(),
    tradeRecommended: boolean('trade_recommended').notNull(),
    /** A setup to watch was offered instead of a trade (issue 20: the list badge says so). */
    watch: boolean('watch').notNull().default(false),
    accountSize: doublePrecision('account_size').notNull(),
    riskPercentage: doublePrecision('risk_percentage').notNull(),
    result: jsonb('result').notNull(),
    thumb5m: text('thumb_5m').notNull(),
    thumb15m: text('thumb_15m').notNull(),
    thumb4h: text('thumb_4h').notNull(),
  },
  (t) => [
    index('analyses_user_created_idx').on(t.userId, t.createdAt),
    index('analyses_user_symbol_idx').on(t.userId, t.symbol),
  ],
);

/**
 * The trading journal (issue 7): one row per trade a user logged, PLANNED -> ACTIVE -> CLOSED
 * or CANCELLED. Lot size, units and the realised result are stored as computed when the trade
 * was logged / closed, so a later change of reference rates never rewrites a trader's history.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    symbol: text('symbol').notNull(),
    direction: text('direction').notNull(),
    entry: doublePrecision('entry').notNull(),
    // Null only for trades imported from a broker statement without a stop / target (issue 21).
    stopLoss: doublePrecision('stop_loss'),
    takeProfit1: doublePrecision('take_profit_1'),
    takeProfit2: doublePrecision('take_profit_2'),
    accountSize: doublePrecision('account_size').notNull(),
    riskPercentage: doublePrecision('risk_percentage'),
    riskAmount: doublePrecision('risk_amount'),
    lotSize: doublePrecision('lot_size').notNull(),
    units: doublePrecision('units').notNull(),
    plannedRiskReward: doublePrecision('planned_risk_reward'),
    instrumentSymbol: text('instrument_symbol').notNull(),
    instrumentKnown: boolean('instrument_known').notNull(),
    pricePrecision: integer('price_precision').notNull(),
    sizingApproximate: boolean('sizing_approximate').notNull(),
    status: text('status').notNull().default('PLANNED'),
    notes: text('notes'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    exitPrice: doublePrecision('exit_price'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    pnlUsd: doublePrecision('pnl_usd'),
    rMultiple: doublePrecision('r_multiple'),
    // Broker statement imports (issue 21, docs/decisions/019-broker-statement-import.md): where
    // the trade came from, the broker's ticket (re-imports are deduplicated on it), the offset
    // of the statement's clock, and the money as the statement gave it in its own currency.
    source: text('source'),
    brokerTicket: text('broker_ticket'),
    sourceUtcOffsetMinutes: integer('source_utc_offset_minutes'),
    accountCurrency: text('account_currency'),
    grossProfit: doublePrecision('gross_profit'),
    commission: doublePrecision('commission'),
    swap: doublePrecision('swap'),
    netProfit: doublePrecision('net_profit'),
    partialClose: boolean('partial_close'),
    // The account number the statement names ('' when it names none): two accounts at one
    // broker may reuse a ticket number, so the account is part of the deduplication key.
    brokerAccount: text('broker_account').notNull().default(''),
    /**
     * The analysis whose plan this entry was added from ("Add to Journal", issue 20): one plan
     * makes one entry (unique per user; NULLs are distinct); null for trades logged by hand or
     * imported. Set null when the analysis is deleted: the journal is the trader's record and
     * outlives the analysis.
     */
    analysisId: uuid('analysis_id').references(() => analyses.id, { onDelete: 'set null' }),
    /** Costs of a hand-logged closed trade in USD (commission, swap), taken off pnlUsd. */
    fees: doublePrecision('fees'),
  },
  (t) => [
    index('journal_entries_user_created_idx').on(t.userId, t.createdAt),
    // NULLs are distinct, so trades logged by hand never collide.
    uniqueIndex('journal_entries_user_broker_account_ticket_idx').on(
      t.userId,
      t.source,
      t.brokerAccount,
      t.brokerTicket,
    ),
    uniqueIndex('journal_entries_user_analysis_idx').on(t.userId, t.analysisId),
    check('journal_entries_status', sql`${t.status} in ('PLANNED', 'ACTIVE', 'CLOSED', 'CANCELLED')`),
    check('journal_entries_direction', sql`${t.direction} in ('LONG', 'SHORT')`),
  ],
);

/**
 * Learning Center progress (issue 8): one JSON document per user, the `learnProgressSchema`
 * shape from contracts/learn.ts. The server merges each PUT into it (docs/learning-content.md).
 */
export const learnProgress = pgTable('learn_progress', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { users, sessions, loginCodes, analyses, journalEntries, learnProgress };

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type LoginCodeRow = typeof loginCodes.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
