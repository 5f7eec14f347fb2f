// A validation message in the current language: the zod schemas (server/schemas) speak English, and a message built
// from a template ('{label} must be at most {max} characters') is translated from that template with its values.
import { templateOf } from '../../shared/i18n';
import { t } from './index';

export function issueText(message: string): string {
  const formatted = templateOf(message);
  if (!formatted) return t(message);
  const values = Object.fromEntries(Object.entries(formatted.values).map(([name, value]) => [name, typeof value === 'string' ? t(value) : value]));
  return t(formatted.template, values);
}
