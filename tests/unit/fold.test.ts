import { describe, expect, it } from 'vitest';
import { asciiDigits, foldText } from '../../shared/fold';

describe('foldText', () => {
  it('drops Latin accents and case', () => {
    expect(foldText('Ramón')).toBe('ramon');
    expect(foldText('TOMÁS')).toBe('tomas');
    expect(foldText('Lucía Fernández')).toBe(foldText('lucia fernandez'));
    expect(foldText('François Æsir Straße Łódź')).toBe('francois aesir strasse lodz');
  });

  it('unifies the hamza forms of alef, alef maqsura and ya, ta marbuta and ha, tatweel and harakat', () => {
    expect(foldText('أحمد')).toBe(foldText('احمد'));
    expect(foldText('إيمان')).toBe(foldText('ايمان'));
    expect(foldText('آمنة')).toBe(foldText('امنه'));
    expect(foldText('مصطفى')).toBe(foldText('مصطفي'));
    expect(foldText('فاطمة')).toBe(foldText('فاطمه'));
    expect(foldText('محـــمد')).toBe(foldText('محمد'));
    expect(foldText('مُحَمَّد')).toBe(foldText('محمد'));
    expect(foldText('مسؤول')).toBe(foldText('مسوول'));
  });

  it('writes eastern digits as ASCII and collapses spaces, keeping what a search needs', () => {
    expect(foldText('  ٠٥٠١٢٣   ۴۵۶  ')).toBe('050123 456');
    expect(asciiDigits('+٩٦٦ ٥٠')).toBe('+966 50');
    expect(foldText('a\u200Bb\u200Fc')).toBe('abc');
    expect(foldText('50% _x\\')).toBe('50% _x\\');
  });

  it('leaves different names different', () => {
    expect(foldText('Maria')).not.toBe(foldText('Mario'));
    expect(foldText('علي')).not.toBe(foldText('على ع'));
  });
});
