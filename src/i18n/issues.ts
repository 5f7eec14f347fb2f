// A validation message in the current language: the zod schemas (shared/schemas) speak English, and a message built
// from a template ('{label} must be at most {max} characters') is translated from that template with its values.
import { translateMessageWith } from '../../shared/i18n';
import { t } from './index';

export function issueText(message: string): string {
  return translateMessageWith(message, t);
}
