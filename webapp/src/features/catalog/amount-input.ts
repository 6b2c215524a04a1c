/** Keeps only digits and a single dot, as the spec's money fields do ('$1,2a.5.0' → '12.50'). */
export function amountInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const dot = digits.indexOf('.');
  return dot < 0 ? digits : digits.slice(0, dot + 1) + digits.slice(dot + 1).replace(/\./g, '');
}
