// What a list shows when it has nothing yet: a title, a line of help and an optional action.
import type { ReactNode } from 'react';

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-100 px-6 py-10 text-center">
      <p className="font-semibold">{title}</p>
      {text && <p className="max-w-sm text-sm text-base-content/75">{text}</p>}
      {action}
    </div>
  );
}
