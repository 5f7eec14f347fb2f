import { describe, expect, it } from 'vitest';
import { commentParts } from '../../src/lib/mentions';

describe('commentParts', () => {
  it('passes over opening mentions: Arabic or Hebrew words after them read right to left, the mentions apart', () => {
    expect(commentParts('@Carmen اتصلت به اليوم')).toEqual({ dir: 'rtl', lead: '@Carmen', rest: ' اتصلت به اليوم' });
    expect(commentParts('  @carmen.ruiz @Rut_2 שלום')).toEqual({ dir: 'rtl', lead: '  @carmen.ruiz @Rut_2', rest: ' שלום' });
    expect(commentParts('اتصلت @Carmen')).toEqual({ dir: 'rtl', lead: '', rest: 'اتصلت @Carmen' });
  });
  it('leaves every other text whole to the browser', () => {
    for (const text of ['@Carmen could you call her?', 'Llamé a @ليلى hoy', '@Carmen', ''])
      expect(commentParts(text)).toEqual({ dir: 'auto', lead: '', rest: text });
  });
});
