import { describe, expect, it } from 'vitest';
import { commentDir } from '../../src/lib/mentions';

describe('commentDir', () => {
  it('passes over opening mentions: Arabic words after them read right to left', () => {
    expect(commentDir('@Carmen اتصلت به اليوم')).toBe('rtl');
    expect(commentDir('  @carmen.ruiz @Rut_2 שלום')).toBe('rtl');
  });
  it('leaves every other text to the browser', () => {
    expect(commentDir('@Carmen could you call her?')).toBe('auto');
    expect(commentDir('Llamé a @ليلى hoy')).toBe('auto');
    expect(commentDir('@Carmen')).toBe('auto');
    expect(commentDir('')).toBe('auto');
    expect(commentDir('اتصلت @Carmen')).toBe('rtl');
  });
});
