// Asks before something that cannot be undone; the confirm button shows it is busy and cannot be pressed twice.
import { t } from '../i18n';
import { QuestionDialog } from './QuestionDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, message, confirmLabel = t('Delete'), busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <QuestionDialog
      open={open}
      title={title}
      message={message}
      busy={busy}
      onCancel={onCancel}
      answers={[{ label: busy ? t('Deleting...') : confirmLabel, tone: 'btn-error', onSelect: onConfirm }]}
    />
  );
}
