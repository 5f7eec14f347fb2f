// Asks whether an edit or a delete of a repeating follow-up is for this one only or for this and the later ones.
import type { FollowUpScope } from '../../shared/lists';
import { t } from '../i18n';
import { Modal } from './Modal';

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
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="text-base-content/80">{message}</p>
      <div className="modal-action flex-col-reverse gap-2 sm:flex-row">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="button" className={`btn btn-outline ${tone}`} disabled={busy} onClick={() => onChoose('one')}>
          {t('This follow-up')}
        </button>
        <button type="button" className={`btn ${tone}`} disabled={busy} onClick={() => onChoose('series')}>
          {t('This and later ones')}
        </button>
      </div>
    </Modal>
  );
}
