// The curriculum is plain typed data so that it can be checked by a test without a DOM and so
// that illustrations are drawn from numbers (candles, zones, levels), the same way the
// dashboard draws detections on a real chart.

export type Difficulty = 'Beginner' | 'Intermediate';

/** One candle of an illustration or exercise. Prices are in the instrument's own units. */
export interface FigureCandle {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** A translucent price band (order block, fair value gap, premium/discount half, S/R zone). */
export interface FigureZone {
  readonly fromBar: number;
  /** Defaults to the last bar: a zone that is still "open" extends to the right edge. */
  readonly toBar?: number;
  readonly top: number;
  readonly bottom: number;
  readonly tone: 'bullish' | 'bearish' | 'neutral';
  readonly label?: string;
}

/** A horizontal price line (support, resistance, a broken swing level, equal highs). */
export interface FigureLevel {
  readonly price: number;
  readonly fromBar?: number;
  readonly toBar?: number;
  readonly tone: 'bullish' | 'bearish' | 'neutral';
  readonly label?: string;
  readonly dashed?: boolean;
  /** Bar the label is centred on, where no candle covers it; defaults to the line's middle. */
  readonly labelBar?: number;
}

/** A text label attached to a bar, above its high or below its low (HH, HL, BOS, sweep). */
export interface FigureMarker {
  readonly bar: number;
  readonly label: string;
  readonly position: 'above' | 'below';
  readonly tone?: 'bullish' | 'bearish' | 'neutral';
}

/** A label pointing at an exact price beside a bar (candle anatomy: open, close, high, low). */
export interface FigureCallout {
  readonly bar: number;
  readonly price: number;
  readonly label: string;
  readonly side: 'left' | 'right';
}

/** An arrow between two (bar, price) points: the expected move, a swing leg, a retracement. */
export interface FigureArrow {
  readonly from: { readonly bar: number; readonly price: number };
  readonly to: { readonly bar: number; readonly price: number };
  readonly tone: 'bullish' | 'bearish' | 'neutral';
  readonly label?: string;
}

/** A value per candle drawn as a line (a moving average); NaN where it is not defined yet. */
export interface FigureSeries {
  readonly values: readonly number[];
  readonly tone: 'bullish' | 'bearish' | 'neutral';
  readonly label?: string;
}

export interface Figure {
  readonly id: string;
  readonly title: string;
  /** What the picture shows, in words: the SVG's accessible description. */
  readonly description: string;
  readonly candles: readonly FigureCandle[];
  readonly zones?: readonly FigureZone[];
  readonly levels?: readonly FigureLevel[];
  readonly markers?: readonly FigureMarker[];
  readonly callouts?: readonly FigureCallout[];
  readonly arrows?: readonly FigureArrow[];
  readonly series?: readonly FigureSeries[];
  /** Wider candles for close-up pictures such as candle anatomy. */
  readonly zoom?: 'normal' | 'close-up';
}

/** A calculation written out step by step, so the numbers can be followed with a calculator. */
export interface WorkedExample {
  readonly title: string;
  readonly steps: readonly string[];
  readonly result: string;
}

export interface LessonSection {
  readonly heading: string;
  readonly paragraphs: readonly string[];
  readonly example?: WorkedExample;
}

export interface Lesson {
  readonly id: string;
  readonly title: string;
  readonly overview: string;
  readonly sections: readonly LessonSection[];
  readonly keyPoints: readonly string[];
  readonly tips: readonly string[];
  readonly illustration?: Figure;
  /** Several related pictures shown in sequence (the 4h, 15m and 5m of one top-down reading). */
  readonly gallery?: readonly Figure[];
}

export interface QuizQuestion {
  readonly id: string;
  readonly prompt: string;
  readonly options: readonly string[];
  readonly correctIndex: number;
  /** Shown after the answer, right or wrong: why the correct option is correct. */
  readonly explanation: string;
}

/** Interactive tools a module can carry besides its lessons. */
export type ModuleTool = 'position-size-calculator';

export interface LearningModule {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly difficulty: Difficulty;
  readonly lessons: readonly Lesson[];
  readonly quiz: readonly QuizQuestion[];
  readonly tools?: readonly ModuleTool[];
  /** Ids of practice exercises (content/practice.ts) shown at the end of the module. */
  readonly practiceIds?: readonly string[];
}

/** The Smart Money Concepts a practice exercise drills; one detection kind of the analysis engine each. */
export type PracticeConcept = 'order-block' | 'fair-value-gap' | 'structure-break' | 'liquidity-sweep';

export interface PracticeExercise {
  readonly id: string;
  readonly concept: PracticeConcept;
  readonly title: string;
  /** What to click, in words. */
  readonly prompt: string;
  /** Which direction of the concept the trader is asked to find. */
  readonly direction: 'bullish' | 'bearish';
  /** For structure breaks: BOS or CHoCH. */
  readonly structureKind?: 'BOS' | 'CHoCH';
  /** A hand-made series; the engine analyses exactly these bars to grade the click. */
  readonly bars: readonly FigureCandle[];
  readonly hint: string;
  /** Shown after a correct answer: why that bar is the one. */
  readonly explanation: string;
}
