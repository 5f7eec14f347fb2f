// The page a link from outside opens, signed in or not (an email confirmation, a team's invite link): the brand, one
// centred card under its heading, and the language picker.
import type { ReactNode } from 'react';
import { Brand } from './Brand';
import { LanguagePicker } from './LanguagePicker';

export function GuestCard({ headingId, heading, children }: { headingId: string; heading: string; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-base-200 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="mb-8 flex justify-center">
          <Brand showTagline />
        </div>
        <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby={headingId}>
          <div className="card-body gap-5 p-6 sm:p-8">
            <h1 id={headingId} className="text-center text-2xl font-bold tracking-tight">
              {heading}
            </h1>
            {children}
          </div>
        </section>
        <div className="mt-6">
          <LanguagePicker compact />
        </div>
      </div>
    </main>
  );
}
