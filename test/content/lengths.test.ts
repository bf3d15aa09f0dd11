import { describe, expect, it } from 'vitest';
import { LENGTH_PATTERN, parseLength, resolveLength, TEMPLATE_LENGTH_PATTERN } from '../../src/shared/lengths.js';

describe('lengths', () => {
  it.each([
    ['63mm', 178.583],
    ['2.5in', 180],
    ['12pt', 12],
    ['0.5cm', 14.173],
    [10, 28.346],
    ['-3mm', -8.504],
    ['.5in', 36],
  ] as const)('%s is %f points', (input, points) => {
    expect(resolveLength(input)).toBeCloseTo(points, 3);
  });

  it('takes the default unit for bare numbers', () => {
    expect(resolveLength(12, { defaultUnit: 'pt' })).toBe(12);
    expect(parseLength(3)).toEqual({ value: 3, unit: 'mm' });
  });

  it('resolves shares and sums against the component size', () => {
    const width = resolveLength('63mm');
    expect(resolveLength('50%', { percentOf: width })).toBeCloseTo(width / 2, 6);
    expect(resolveLength('100% - 6mm', { percentOf: width })).toBeCloseTo(resolveLength('57mm'), 6);
    expect(resolveLength('10mm + 1in - 2pt')).toBeCloseTo(28.3465 + 72 - 2, 3);
    expect(() => resolveLength('50%')).toThrow(/percentage/);
    expect(() => resolveLength('3 furlongs')).toThrow(/not a length/);
  });

  it('the schema patterns accept exactly what resolveLength reads', () => {
    const plain = new RegExp(LENGTH_PATTERN);
    const template = new RegExp(TEMPLATE_LENGTH_PATTERN);
    for (const ok of ['63mm', '2.5in', '12pt', '-3mm', '0.5 cm']) {
      expect(plain.test(ok), ok).toBe(true);
      expect(Number.isFinite(resolveLength(ok)), ok).toBe(true);
    }
    for (const bad of ['63', '63 mmm', '50%', 'mm', '3mm + 2mm', '']) expect(plain.test(bad), bad).toBe(false);
    for (const ok of ['50%', '100% - 6mm', '3mm+2mm', '-2mm', '10']) {
      expect(template.test(ok), ok).toBe(true);
      expect(Number.isFinite(resolveLength(ok, { percentOf: 100 })), ok).toBe(true);
    }
    for (const bad of ['50 percent', '100% -', '+', '3 furlongs']) expect(template.test(bad), bad).toBe(false);
  });
});
