// An import file of either format read into contacts to add, validated a slice per event-loop turn.
import type { ImportFormat } from '../../shared/vocabulary';
import { nextTurn } from '../queries/turns';
import { draftsInTurns } from './contactImport';
import { csvRows } from './csv';
import { vcardRows } from './vcard';

/** Reads a file's contacts, validating them a slice per event-loop turn (5,000 rows take about 50 ms to check). */
export async function contactsFromFile(format: ImportFormat, text: string) {
  return draftsInTurns(format === 'csv' ? await csvRows(text, nextTurn) : vcardRows(text), nextTurn);
}
