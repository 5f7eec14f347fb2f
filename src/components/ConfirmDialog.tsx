// Asks before something that cannot be undone; the confirm button shows it is busy and cannot be pressed twice.
import { t } from '../i18n';
import { Modal } from './Modal';

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
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="text-base-content/80">{message}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="button" className="btn btn-error" disabled={busy} onClick={onConfirm}>
          {busy ? t('Deleting...') : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
