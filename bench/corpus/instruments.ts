/** Instruments the corpus draws: price level, decimals and the names platforms show for them. */
export interface Instrument {
  /** Normalised symbol as the reader must return it (letters only: the scorer compares letters). */
  symbol: string;
  decimals: number;
  /** Typical price range to start a random walk in. */
  priceMin: number;
  priceMax: number;
  /** Typical daily volatility as a fraction of price. */
  dailyVol: number;
  /** TradingView's default description, e.g. "Euro / U.S. Dollar". */
  tvDescription: string;
  /** MetaTrader 5's description, e.g. "Euro vs US Dollar". */
  mtDescription: string;
  /** Broker web style, e.g. "EUR/USD". */
  slashed: string;
  /** Brokers/feeds shown next to the symbol. */
  feeds: readonly string[];
}

const FX_FEEDS = ['OANDA', 'FXCM', 'PEPPERSTONE', 'FOREX.COM', 'SAXO', 'FX', 'ICMARKETS'] as const;

export const INSTRUMENTS: readonly Instrument[] = [
  fx('EURUSD', 5, 1.03, 1.2, 0.005, 'Euro / U.S. Dollar', 'Euro vs US Dollar'),
  fx('GBPUSD', 5, 1.2, 1.34, 0.006, 'British Pound / U.S. Dollar', 'Great Britain Pound vs US Dollar'),
  fx('USDJPY', 3, 135, 160, 0.006, 'U.S. Dollar / Japanese Yen', 'US Dollar vs Japanese Yen'),
  fx('GBPJPY', 3, 175, 200, 0.008, 'British Pound / Japanese Yen', 'Great Britain Pound vs Japanese Yen'),
  fx('EURJPY', 3, 150, 170, 0.007, 'Euro / Japanese Yen', 'Euro vs Japanese Yen'),
  fx('AUDUSD', 5, 0.63, 0.72, 0.007, 'Australian Dollar / U.S. Dollar', 'Australian Dollar vs US Dollar'),
  fx('USDCAD', 5, 1.3, 1.42, 0.005, 'U.S. Dollar / Canadian Dollar', 'US Dollar vs Canadian Dollar'),
  fx('USDCHF', 5, 0.84, 0.93, 0.005, 'U.S. Dollar / Swiss Franc', 'US Dollar vs Swiss Franc'),
  fx('NZDUSD', 5, 0.57, 0.64, 0.007, 'New Zealand Dollar / U.S. Dollar', 'New Zealand Dollar vs US Dollar'),
  fx('EURGBP', 5, 0.83, 0.88, 0.004, 'Euro / British Pound', 'Euro vs Great Britain Pound'),
  {
    symbol: 'XAUUSD',
    decimals: 2,
    priceMin: 1850,
    priceMax: 2700,
    dailyVol: 0.01,
    tvDescription: 'Gold Spot / U.S. Dollar',
    mtDescription: 'Gold vs US Dollar',
    slashed: 'XAU/USD',
    feeds: ['OANDA', 'FXCM', 'PEPPERSTONE', 'TVC'],
  },
  {
    symbol: 'XAGUSD',
    decimals: 3,
    priceMin: 22,
    priceMax: 32,
    dailyVol: 0.015,
    tvDescription: 'Silver / U.S. Dollar',
    mtDescription: 'Silver vs US Dollar',
    slashed: 'XAG/USD',
    feeds: ['OANDA', 'FXCM', 'TVC'],
  },
  {
    symbol: 'BTCUSD',
    decimals: 2,
    priceMin: 25000,
    priceMax: 70000,
    dailyVol: 0.03,
    tvDescription: 'Bitcoin / U.S. Dollar',
    mtDescription: 'Bitcoin vs US Dollar',
    slashed: 'BTC/USD',
    feeds: ['BITSTAMP', 'COINBASE', 'BINANCE'],
  },
  // Indices as TradingView tickers made of letters (the shared scorer strips digits from the answer only).
  {
    symbol: 'SPX',
    decimals: 2,
    priceMin: 4200,
    priceMax: 5600,
    dailyVol: 0.009,
    tvDescription: 'S&P 500 Index',
    mtDescription: 'S&P 500 Index',
    slashed: 'SPX',
    feeds: ['SP', 'TVC'],
  },
  {
    symbol: 'NDX',
    decimals: 2,
    priceMin: 14500,
    priceMax: 19500,
    dailyVol: 0.012,
    tvDescription: 'Nasdaq 100 Index',
    mtDescription: 'Nasdaq 100 Index',
    slashed: 'NDX',
    feeds: ['NASDAQ', 'TVC'],
  },
  {
    symbol: 'DAX',
    decimals: 1,
    priceMin: 15000,
    priceMax: 19000,
    dailyVol: 0.01,
    tvDescription: 'DAX Index',
    mtDescription: 'Germany 40 Index',
    slashed: 'DAX',
    feeds: ['XETR', 'TVC'],
  },
];

function fx(
  symbol: string,
  decimals: number,
  priceMin: number,
  priceMax: number,
  dailyVol: number,
  tvDescription: string,
  mtDescription: string,
): Instrument {
  return {
    symbol,
    decimals,
    priceMin,
    priceMax,
    dailyVol,
    tvDescription,
    mtDescription,
    slashed: `${symbol.slice(0, 3)}/${symbol.slice(3)}`,
    feeds: FX_FEEDS,
  };
}

export function instrument(symbol: string): Instrument {
  const found = INSTRUMENTS.find((i) => i.symbol === symbol);
  if (!found) throw new Error(`unknown instrument ${symbol}`);
  return found;
}
