import { fileProblem } from './file-check';

const file = (bytes: number, type: string, name = 'chart.png') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('which files an upload zone accepts (screenshots and data exports)', () => {
  it('accepts PNG, JPEG and WebP screenshots', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(fileProblem(file(1000, type), '5-minute chart')).toBeNull();
    }
  });

  it('refuses other types, naming the chart', () => {
    expect(fileProblem(file(1000, 'application/pdf', 'notes.pdf'), '4-hour chart')).toBe(
      "The 4-hour chart must be a PNG, JPEG or WebP screenshot or the chart's data export (CSV).",
    );
    expect(fileProblem(file(1000, 'image/gif'), '4-hour chart')).toMatch(/PNG, JPEG or WebP/);
  });

  it('accepts a data export (CSV or TXT) up to 2 MiB', () => {
    expect(fileProblem(file(1000, 'text/csv', 'EURUSD_240.csv'), '4-hour chart')).toBeNull();
    expect(fileProblem(file(1000, '', 'EURUSD5.txt'), '5-minute chart')).toBeNull();
    expect(fileProblem(file(2 * 1024 * 1024 + 1, 'text/csv', 'big.csv'), '4-hour chart')).toMatch(
      /data file is larger than 2 MiB/,
    );
  });

  it('refuses empty files and files over 10 MiB', () => {
    expect(fileProblem(file(0, 'image/png'), '15-minute chart')).toBe('The 15-minute chart file is empty.');
    expect(fileProblem(file(10 * 1024 * 1024 + 1, 'image/png'), '15-minute chart')).toMatch(
      /larger than 10 MiB/,
    );
  });
});
