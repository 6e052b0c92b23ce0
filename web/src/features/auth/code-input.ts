/** Digits only, at most 8: tolerates pasting "1234 5678" or "Your code is 12345678." */
export function sanitizeCodeInput(raw: string, length = 8): string {
  return raw.replace(/\D+/g, '').slice(0, length);
}
