const SIGNIFICANT_DIGITS = 12;

/**
 * 12 significant digits hide binary noise (0.1 + 0.2 is "0.3") and trailing zeros go. Whole numbers below 1e15 are
 * written out exactly, since every one of their digits is held; others from 1e12 up, or below 1e-6, take an exponent.
 */
export function formatNumber(value: number): string {
  if (value === 0) return '0';
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const [mantissa, exponent] = value.toPrecision(SIGNIFICANT_DIGITS).split('e');
  const trimmed = mantissa.includes('.') ? mantissa.replace(/0+$/, '').replace(/\.$/, '') : mantissa;
  return exponent === undefined ? trimmed : `${trimmed}e${exponent}`;
}
