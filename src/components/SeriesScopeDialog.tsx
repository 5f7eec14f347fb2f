// Asks whether an edit or a delete of a repeating follow-up is for this one only or for this and the later ones.
import type { FollowUpScope } from '../../shared/lists';
import { t } from '../i18n';
import { QuestionDialog } from './QuestionDialog';

interface SeriesScopeDialogProps {
  open: boolean;
  title: string;
  message: string;
  busy?: boolean;
  /** Red buttons, for a delete. */
  danger?: boolean;
  onChoose(scope: FollowUpScope): void;
  onCancel(): void;
}

export function SeriesScopeDialog({ open, title, message, busy, danger, onChoose, onCancel }: SeriesScopeDialogProps) {
  const tone = danger ? 'btn-error' : 'btn-primary';
  const answers = [
    { label: t('This follow-up'), tone: `btn-outline ${tone}`, onSelect: () => onChoose('one') },
    { label: t('This and later ones'), tone, onSelect: () => onChoose('series') },
  ];
  return <QuestionDialog open={open} title={title} message={message} busy={busy} onCancel={onCancel} answers={answers} />;
}
