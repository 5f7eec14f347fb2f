// A filtered list's empty state: nothing matches, and a way back to everything.
import { t } from '../i18n';
import { EmptyState } from './EmptyState';

export function NoMatches({ title, text, onClear }: { title: string; text: string; onClear(): void }) {
  return (
    <EmptyState
      title={title}
      text={text}
      action={
        <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={onClear}>
          {t('Clear filters')}
        </button>
      }
    />
  );
}
