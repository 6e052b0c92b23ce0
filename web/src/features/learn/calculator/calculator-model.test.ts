import { DEFAULT_FORM, calculate, type CalculatorForm } from './calculator-model';

const form = (over: Partial<CalculatorForm>): CalculatorForm => ({ ...DEFAULT_FORM, target: '', ...over });

function lots(over: Partial<CalculatorForm>) {
  const r = calculate(form(over));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.size.lots;
}

describe('position-size calculator (engine sizing behind the lesson)', () => {
  it('gives the lesson example: $10,000 at 1%, 25-pip EURUSD stop -> 0.40 lots, $100 at risk', () => {
    const r = calculate(DEFAULT_FORM);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.size.lots).toBe(0.4);
    expect(r.size.riskAmount).toBe(100);
    expect(r.size.stopPips).toBeCloseTo(25, 6);
    expect(r.size.pipValuePerLot).toBeCloseTo(10, 6);
    expect(r.rewardRisk).toBeCloseTo(1.5, 6);
    expect(r.profitAtTarget).toBe(150);
  });

  it('matches the documented test vectors for USDJPY and gold', () => {
    expect(lots({ symbol: 'USDJPY', entry: '150.000', stop: '149.750' })).toBe(0.6);
    expect(lots({ symbol: 'XAUUSD', riskPercent: '2', entry: '2000', stop: '1995' })).toBe(0.4);
    expect(lots({ symbol: 'XAUUSD', riskPercent: '2', entry: '2000', stop: '1980' })).toBe(0.1);
  });

  it('rejects inputs outside the product limits with the SPEC messages', () => {
    const r = calculate(form({ account: '50', riskPercent: '12', stop: '1.08400' }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      account: 'Account size must be at least $100',
      riskPercent: 'Risk cannot exceed 10%',
      stop: 'The stop loss must differ from the entry price',
    });
    const low = calculate(form({ riskPercent: '0.05' }));
    expect(low.ok ? null : low.errors.riskPercent).toBe('Risk must be at least 0.1%');
  });

  it('refuses a target on the losing side of the entry', () => {
    const r = calculate(form({ target: '1.08000' }));
    expect(r.ok ? null : r.errors.target).toBe('For a buy the target must be above the entry');
  });

  it('flags crosses as sized with approximate reference rates', () => {
    const r = calculate(form({ symbol: 'EURJPY', entry: '160.000', stop: '159.750' }));
    expect(r.ok && r.size.approximate).toBe(true);
  });
});
