import { sanitizeCodeInput } from './code-input';

describe('login code input', () => {
  it('keeps only the digits of a pasted code, at most 8', () => {
    expect(sanitizeCodeInput('Your code: 1234-5678.')).toBe('12345678');
    expect(sanitizeCodeInput('1234 5678')).toBe('12345678');
    expect(sanitizeCodeInput('123456789012')).toBe('12345678');
    expect(sanitizeCodeInput('abc')).toBe('');
  });
});
