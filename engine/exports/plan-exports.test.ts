import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  exportablePlan,
  exportFileName,
  levelsText,
  mql5Script,
  pineScript,
  type ExportablePlan,
} from './plan-exports';
import { scenario } from '../plan/test-support/scenario';
import { buildPlan } from '../plan/build-plan';

const dir = join(import.meta.dirname, 'fixtures');
const plan = JSON.parse(readFileSync(join(dir, 'eurusd-long.json'), 'utf8')) as ExportablePlan;

/** Compares with the committed file; UPDATE_GOLDEN=1 rewrites it (then review the diff). */
function golden(name: string, text: string) {
  const path = join(dir, name);
  if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(path, text);
  expect(existsSync(path), `${path} is missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
  expect(text).toBe(readFileSync(path, 'utf8'));
}

describe('plan exports (golden files for one EURUSD plan)', () => {
  it('copies the levels as plain text at the instrument precision', () => {
    golden('eurusd-long.levels.txt', levelsText(plan));
    expect(levelsText(plan).split('\n')).toEqual([
      'EURUSD LONG (buy limit)',
      'Entry: 1.08420',
      'Stop loss: 1.08312',
      'TP1: 1.08655 (close half, stop to break-even)',
      'TP2: 1.09020',
      'Lots: 0.92',
    ]);
  });

  it('writes a Pine Script v6 overlay indicator with the four lines and the zones as boxes', () => {
    const pine = pineScript(plan);
    golden('eurusd-long.pine', pine);
    expect(pine.split('\n')[0]).toBe('//@version=6');
    expect(pine).toMatch(/^indicator\(".*", shorttitle = "C2P EURUSD", overlay = true/m);
    for (const level of [
      'entryPrice = 1.08420',
      'stopPrice = 1.08312',
      'tp1Price = 1.08655',
      'tp2Price = 1.09020',
    ]) {
      expect(pine).toContain(level);
    }
    expect(pine.match(/:= drawZone\(/g)).toHaveLength(plan.zones.length);
  });

  it('writes an MQL5 script with prefixed horizontal lines and rectangles, replacing older drawings', () => {
    const mq5 = mql5Script(plan);
    golden('eurusd-long.mq5', mq5);
    expect(mq5).toContain('#define PLAN_PREFIX "C2P_EURUSD_"');
    expect(mq5).toContain('ObjectsDeleteAll(0, PLAN_PREFIX);');
    expect(mq5).toContain('DrawLevel("tp2", 1.09020, clrSeaGreen, STYLE_DASH');
    expect(mq5.match(/^ {3}DrawZone\(/gm)).toHaveLength(plan.zones.length);
    expect(mq5).toContain('OBJ_HLINE');
    expect(mq5).toContain('OBJ_RECTANGLE');
  });

  it('names the files for both platforms', () => {
    expect(exportFileName(plan, 'pine')).toBe('chart_to_plan_EURUSD_long.pine');
    expect(exportFileName({ ...plan, symbol: 'BRK.B/X', direction: 'SHORT' }, 'mq5')).toBe(
      'chart_to_plan_BRK_B_X_short.mq5',
    );
  });

  it('escapes labels for both languages and keeps a 3-decimal instrument at 3 decimals', () => {
    const odd: ExportablePlan = {
      ...plan,
      symbol: 'USDJPY',
      precision: 3,
      direction: 'SHORT',
      entry: 151.2,
      stopLoss: 151.4567,
      takeProfit1: 150.8,
      takeProfit2: 150.1,
      zones: [
        {
          label: 'a "quoted" \\ zone\nsecond line',
          top: 151.3,
          bottom: 151.2,
          direction: 'bearish',
          role: 'setup',
        },
      ],
    };
    for (const text of [pineScript(odd), mql5Script(odd)]) {
      expect(text).toContain('"a \\"quoted\\" \\\\ zone\\nsecond line"');
      expect(text).toContain('151.200');
      expect(text).toContain('151.457');
      expect(text).not.toContain('151.4567');
    }
    expect(levelsText(odd)).toContain('USDJPY SHORT (sell limit)');
  });

  it('leaves TP2 out of the text and both programs when the plan has none', () => {
    const single = { ...plan, takeProfit2: null };
    expect(levelsText(single)).toContain('TP1: 1.08655 (close all)\nTP2: none');
    expect(pineScript(single)).not.toContain('tp2');
    expect(pineScript(single)).toContain('no TP2');
    expect(mql5Script(single)).not.toContain('DrawLevel("tp2"');
  });

  it('refuses a price that is not a number instead of writing NaN into a program', () => {
    expect(() => pineScript({ ...plan, takeProfit2: Number.NaN })).toThrow(RangeError);
  });

  it('takes the levels and the setup zone first from a real analysis result', () => {
    let found = null;
    for (let seed = 1; seed <= 80 && !found; seed++) {
      for (const drift of [1, -1] as const) {
        const s = scenario({ seed, drift });
        const r = buildPlan({ readings: s.readings, analyses: s.analyses, account: 10_000, riskPercent: 2 });
        if (r.tradePlan) {
          found = r;
          break;
        }
      }
    }
    expect(found).not.toBeNull();
    const r = found!;
    const p = exportablePlan(r)!;
    const t = r.tradePlan!;
    expect([p.entry, p.stopLoss, p.takeProfit1, p.takeProfit2, p.lotSize]).toEqual([
      t.entry,
      t.stopLoss,
      t.takeProfit1,
      t.takeProfit2,
      t.lotSize,
    ]);
    expect(p.zones[0]).toMatchObject({ role: 'setup', top: t.setup.zoneTop, bottom: t.setup.zoneBottom });
    expect(p.zones.slice(1).every((z) => z.role === 'context')).toBe(true);
    expect(levelsText(p)).toContain(`Entry: ${t.formatted.entry}`);
    expect(exportablePlan({ ...r, tradePlan: null })).toBeNull();
  });
});
