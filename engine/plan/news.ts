import type { Currency, Instrument } from '../instruments';

/**
 * Recurring high-impact releases per currency. The product is offline (no calendar feed), so
 * the plan names the releases that move each currency and when they usually fall; the trader
 * checks the exact date in their own economic calendar. Times are the usual release times.
 */
export interface NewsEvent {
  readonly name: string;
  readonly when: string;
  /** What kind of release it is decides what the plan tells the trader to do around it. */
  readonly kind: 'rates' | 'inflation' | 'jobs' | 'activity' | 'other';
}

export const HIGH_IMPACT_NEWS: Readonly<Record<Currency, readonly NewsEvent[]>> = {
  USD: [
    { name: 'US Non-Farm Payrolls', when: 'first Friday of the month, 8:30 New York', kind: 'jobs' },
    { name: 'US CPI inflation', when: 'around the middle of the month, 8:30 New York', kind: 'inflation' },
    {
      name: 'FOMC rate decision and press conference',
      when: 'eight times a year, 14:00 New York',
      kind: 'rates',
    },
  ],
  EUR: [
    {
      name: 'ECB rate decision and press conference',
      when: 'every six weeks, 14:15 Frankfurt',
      kind: 'rates',
    },
    {
      name: 'Eurozone CPI flash estimate',
      when: 'last or first business day of the month, 11:00 Frankfurt',
      kind: 'inflation',
    },
    {
      name: 'Eurozone / German flash PMIs',
      when: 'around the 23rd of the month, 9:30-10:00 Frankfurt',
      kind: 'activity',
    },
  ],
  GBP: [
    { name: 'Bank of England rate decision', when: 'eight times a year, 12:00 London', kind: 'rates' },
    { name: 'UK CPI inflation', when: 'mid-month, 7:00 London', kind: 'inflation' },
    { name: 'UK labour market report', when: 'mid-month, 7:00 London', kind: 'jobs' },
  ],
  JPY: [
    { name: 'Bank of Japan policy decision', when: 'eight times a year, around midday Tokyo', kind: 'rates' },
    { name: 'Tokyo CPI', when: 'last Friday of the month, 8:30 Tokyo', kind: 'inflation' },
    {
      name: 'Japanese officials warning of FX intervention',
      when: 'unscheduled, usually after fast yen moves',
      kind: 'other',
    },
  ],
  CHF: [
    {
      name: 'SNB monetary policy assessment',
      when: 'quarterly (March, June, September, December), 9:30 Zurich',
      kind: 'rates',
    },
    { name: 'Swiss CPI', when: 'early in the month, 8:30 Zurich', kind: 'inflation' },
  ],
  CAD: [
    { name: 'Bank of Canada rate decision', when: 'eight times a year, 9:45 Toronto', kind: 'rates' },
    {
      name: 'Canadian employment report',
      when: 'first Friday of the month, 8:30 Toronto (often with US NFP)',
      kind: 'jobs',
    },
    { name: 'Canadian CPI', when: 'mid-month, 8:30 Toronto', kind: 'inflation' },
  ],
  AUD: [
    { name: 'RBA rate decision', when: 'eight times a year, 14:30 Sydney', kind: 'rates' },
    { name: 'Australian employment report', when: 'mid-month, 11:30 Sydney', kind: 'jobs' },
    { name: 'Australian CPI', when: 'monthly indicator late in the month, 11:30 Sydney', kind: 'inflation' },
  ],
  NZD: [
    { name: 'RBNZ rate decision', when: 'seven times a year, 14:00 Wellington', kind: 'rates' },
    { name: 'New Zealand CPI', when: 'quarterly, 10:45 Wellington', kind: 'inflation' },
  ],
  XAU: [
    {
      name: 'US real yields and Fed speakers',
      when: 'any day; gold reacts to every USD release above',
      kind: 'other',
    },
  ],
  XAG: [
    {
      name: 'US real yields and Fed speakers',
      when: 'any day; silver reacts to every USD release above',
      kind: 'other',
    },
  ],
};

/** Index CFDs move on their home currency's releases (and, for US indices, on earnings). */
const INDEX_EXTRA: Readonly<Record<string, NewsEvent>> = {
  US30: {
    name: 'Earnings of Dow members',
    when: 'reporting season, before the New York open or after the close',
    kind: 'other',
  },
  NAS100: {
    name: 'Mega-cap tech earnings',
    when: 'reporting season, usually after the New York close',
    kind: 'other',
  },
  SPX500: {
    name: 'Mega-cap earnings',
    when: 'reporting season, before the New York open or after the close',
    kind: 'other',
  },
};

/** The currencies whose releases move the instrument: both sides of a pair, or an index's currency. */
export function newsCurrencies(instrument: Instrument): Currency[] {
  const list: Currency[] = [];
  if (instrument.base) list.push(instrument.base);
  if (!list.includes(instrument.quote)) list.push(instrument.quote);
  return list;
}

export function newsEventsFor(instrument: Instrument): NewsEvent[] {
  const events = newsCurrencies(instrument).flatMap((c) => HIGH_IMPACT_NEWS[c]);
  const extra = INDEX_EXTRA[instrument.symbol];
  return extra ? [...events, extra] : events;
}
