// A screen's heading with its main action beside it (stacked on phones).
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export function PageHeader({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-base-content/75">{subtitle}</p>}
      </div>
      {action}
    </header>
  );
}
