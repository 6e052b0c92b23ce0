import { ApiError } from '../../lib/api';
import { assignSlots, separateProblems, slotErrors } from './slot-assignment';

describe('assignSlots', () => {
  it('puts each file in the slot of its timeframe, whatever the drop order', () => {
    const placed = assignSlots([{ timeframe: '4h' }, { timeframe: '5m' }, { timeframe: '15m' }]);
    expect(placed.map((p) => [p.slot, p.file, p.byTimeframe])).toEqual([
      ['5m', 1, true],
      ['15m', 2, true],
      ['4h', 0, true],
    ]);
  });

  it('keeps the drop order for files whose timeframe is not read, and says so', () => {
    const placed = assignSlots([{ timeframe: null }, { timeframe: '5m' }, { timeframe: '1h' }]);
    expect(placed.map((p) => [p.slot, p.file])).toEqual([
      ['5m', 1],
      ['15m', 0],
      ['4h', 2],
    ]);
    expect(placed[1]!.note).toMatch(/not read: placed in drop order/);
    expect(placed[2]!.note).toMatch(/Reads as 1h/);
  });

  it('fills empty slots before ones already holding a chart', () => {
    const placed = assignSlots([{ timeframe: null }], ['5m']);
    expect(placed).toEqual([expect.objectContaining({ slot: '15m', file: 0 })]);
  });
});

describe('slotErrors', () => {
  it('reads every slot of a problem, without repeating the slot name', () => {
    const body = JSON.stringify({
      status: 422,
      detail: '2 charts could not be read.',
      errors: [
        { field: 'chart5m', message: 'The 5-minute chart: no chart area was found.' },
        { field: 'chart4h', message: 'The 4-hour chart data file: Row 3: ...' },
        { field: 'accountSize', message: 'x' },
      ],
    });
    expect(slotErrors(new ApiError(422, body, 'Unprocessable'))).toEqual({
      '5m': 'No chart area was found.',
      '4h': 'Row 3: ...',
    });
    expect(slotErrors(new Error('x'))).toEqual({});
  });
});

describe('separateProblems', () => {
  const error = (code: string, fields: string[]) =>
    new ApiError(422, JSON.stringify({ code, errors: fields.map((field) => ({ field, message: 'x' })) }), '');
  it('tells charts failing each on its own from one problem between two charts', () => {
    expect(separateProblems(error('NO_CHART_FOUND', ['chart5m', 'chart4h']))).toBe(true);
    expect(separateProblems(error('SYMBOL_MISMATCH', ['chart5m', 'chart15m']))).toBe(false);
    expect(separateProblems(error('NO_CHART_FOUND', ['chart5m']))).toBe(false);
  });
});
