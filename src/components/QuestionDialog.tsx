// A question in a dialog: its message, Cancel, and the answers, the main one last. Busy, the answers cannot be pressed
// twice. ConfirmDialog and SeriesScopeDialog ask through it.
import { t } from '../i18n';
import { Modal } from './Modal';

export interface Answer {
  label: string;
  /** The button's look (daisyUI classes after `btn`). */
  tone: string;
  onSelect(): void;
}

interface QuestionDialogProps {
  open: boolean;
  title: string;
  message: string;
  answers: readonly Answer[];
  busy?: boolean;
  onCancel(): void;
}

export function QuestionDialog({ open, title, message, answers, busy, onCancel }: QuestionDialogProps) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="text-base-content/80">{message}</p>
      {/* Several answers stack on a phone, the main one on top. */}
      <div className={answers.length > 1 ? 'modal-action flex-col-reverse gap-2 sm:flex-row' : 'modal-action'}>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('Cancel')}
        </button>
        {answers.map((answer) => (
          <button key={answer.label} type="button" className={`btn ${answer.tone}`} disabled={busy} onClick={answer.onSelect}>
            {answer.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}
