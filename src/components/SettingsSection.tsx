// One titled card of the settings page; `danger` marks the section whose actions cannot be undone.
import { useId, type ReactNode } from 'react';

interface SettingsSectionProps {
  title: string;
  description?: string;
  danger?: boolean;
  children: ReactNode;
}

export function SettingsSection({ title, description, danger, children }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`card border bg-base-100 ${danger ? 'border-error/60' : 'border-base-300'}`}>
      <div className="card-body gap-4 p-5 sm:p-6">
        <div>
          <h2 id={titleId} className={`text-lg font-semibold ${danger ? 'text-error' : ''}`}>
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-base-content/75">{description}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}
