// The one loading indicator: announced as "Loading", centred in its area or across the whole screen.
import { t } from '../i18n';

interface SpinnerProps {
  /** Fill the viewport, for moments before any layout exists (auth check, first page load). */
  fullScreen?: boolean;
}

export function Spinner({ fullScreen = false }: SpinnerProps) {
  return (
    <div className={`flex items-center justify-center ${fullScreen ? 'min-h-dvh' : 'py-16'}`}>
      <div role="status" aria-label={t('Loading')} className="text-primary">
        <span className="loading loading-spinner loading-lg" aria-hidden="true" />
      </div>
    </div>
  );
}
