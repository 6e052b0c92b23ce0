import type { Currency, Instrument } from '../instruments';

/**
 * Recurring high-impact releases per currency. The product is offline (no calendar feed), so
 * the plan names the releases that move each currency and when they usually fall; the trader
 * checks the exact date in their own economic calendar. Times are the usual release times.
 */
export interface NewsEvent {
  readonly name: string;
  readonly when: string;
}

export const HIGH_IMPACT_NEWS: Readonly<Record<Currency, readonly NewsEvent[]>> = {
  USD: [
    { name: 'US Non-Farm Payrolls', when: 'first Friday of the month, 8:30 New York' },
    { name: 'US CPI inflation', when: 'around the middle of the month, 8:30 New York' },
    { name: 'FOMC rate decision and press conference', when: 'eight times a year, 14:00 New York' },
  ],
  EUR: [
    { name: 'ECB rate decision and press conference', when: 'every six weeks, 14:15 Frankfurt' },
    { name: 'Eurozone CPI flash estimate', when: 'last or first business day of the month, 11:00 Frankfurt' },
    { name: 'Eurozone / German flash PMIs', when: 'around the 23rd of the month, 9:30-10:00 Frankfurt' },
  ],
  GBP: [
    { name: 'Bank of England rate decision', when: 'eight times a year, 12:00 London' },
    { name: 'UK CPI inflation', when: 'mid-month, 7:00 London' },
    { name: 'UK labour market report', when: 'mid-month, 7:00 London' },
  ],
  JPY: [
    { name: 'Bank of Japan policy decision', when: 'eight times a year, around midday Tokyo' },
    { name: 'Tokyo CPI', when: 'last Friday of the month, 8:30 Tokyo' },
    {
      name: 'Japanese officials warning of FX intervention',
      when: 'unscheduled, usually after fast yen moves',
    },
  ],
  CHF: [
    {
      name: 'SNB monetary policy assessment',
      when: 'quarterly (March, June, September, December), 9:30 Zurich',
    },
    { name: 'Swiss CPI', when: 'early in the month, 8:30 Zurich' },
  ],
  CAD: [
    { name: 'Bank of Canada rate decision', when: 'eight times a year, 9:45 Toronto' },
    {
      name: 'Canadian employment report',
      when: 'first Friday of the month, 8:30 Toronto (often with US NFP)',
    },
    { name: 'Canadian CPI', when: 'mid-month, 8:30 Toronto' },
  ],
  AUD: [
    { name: 'RBA rate decision', when: 'eight times a year, 14:30 Sydney' },
    { name: 'Australian employment report', when: 'mid-month, 11:30 Sydney' },
    { name: 'Australian CPI', when: 'monthly indicator late in the month, 11:30 Sydney' },
  ],
  NZD: [
    { name: 'RBNZ rate decision', when: 'seven times a year, 14:00 Wellington' },
    { name: 'New Zealand CPI', when: 'quarterly, 10:45 Wellington' },
  ],
  XAU: [{ name: 'US real yields and Fed speakers', when: 'any day; gold reacts to every USD release above' }],
  XAG: [
    { name: 'US real yields and Fed speakers', when: 'any day; silver reacts to every USD release above' },
  ],
};

/** Index CFDs move on their home currency's releases (and, for US indices, on earnings). */
const INDEX_EXTRA: Readonly<Record<string, NewsEvent>> = {
  US30: {
    name: 'Earnings of Dow members',
    when: 'reporting season, before the New York open or after the close',
  },
  NAS100: { name: 'Mega-cap tech earnings', when: 'reporting season, usually after the New York close' },
  SPX500: {
    name: 'Mega-cap earnings',
    when: 'reporting season, before the New York open or after the close',
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
