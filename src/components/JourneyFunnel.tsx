// Contacts by spiritual status as a journey funnel (exploring → mature), unknown shown apart, with its numbers as text.
import { Trans } from '@lingui/react';
import { t } from '../i18n';
import type { SpiritualStatus } from '../../shared/vocabulary';
import { spiritualStatusLabel } from '../../shared/vocabulary';
import type { RouterOutputs } from '../lib/trpc';

type Stage = RouterOutputs['insights']['journey'][number];

// Deepening shades along the journey; the label and the number beside each bar carry the meaning.
const shade: Record<Exclude<SpiritualStatus, 'unknown'>, string> = {
  exploring: 'fill-primary/35',
  seeking: 'fill-primary/50',
  new_believer: 'fill-primary/65',
  growing: 'fill-primary/80',
  mature: 'fill-primary',
};

export function JourneyFunnel({ stages, title }: { stages: Stage[]; title: string }) {
  const journey = stages.filter((s): s is Stage & { status: keyof typeof shade } => s.status !== 'unknown');
  const unknown = stages.find((s) => s.status === 'unknown')?.count ?? 0;
  const widest = Math.max(...journey.map((s) => s.count), 1);
  const onJourney = journey.reduce((sum, s) => sum + s.count, 0);
  return (
    <figure className="flex flex-col items-stretch gap-3 text-start">
      <figcaption className="text-sm text-base-content/75">
        {t('{count, plural, one {# contact on the journey} other {# contacts on the journey}}', { count: onJourney })}
      </figcaption>
      {/* One grid for all rows, so the bars line up: the label column as wide as the longest label up to half the width
          (a longer one wraps, never cut: 'Nouveau croy…' in French, issue 28). */}
      <ol className="grid grid-cols-[fit-content(50%)_1fr_2rem] items-center gap-x-2 gap-y-1.5 text-sm" aria-hidden="true">
        {journey.map((stage) => {
          // A stage with people keeps a visible sliver even beside a much larger one.
          const width = stage.count === 0 ? 0 : Math.max((stage.count / widest) * 100, 4);
          return (
            <li key={stage.status} className="contents">
              <span className="leading-tight wrap-break-word text-base-content/80">{spiritualStatusLabel(stage.status)}</span>
              <svg className="h-6 w-full" viewBox="0 0 100 10" preserveAspectRatio="none">
                <rect x="0" y="0" width="100" height="10" rx="1" className="fill-base-200" />
                {width > 0 && <rect x={(100 - width) / 2} y="0" width={width} height="10" rx="1" className={shade[stage.status]} />}
              </svg>
              <span className="text-end font-semibold tabular-nums">{stage.count}</span>
            </li>
          );
        })}
      </ol>
      <p className="border-t border-base-300 pt-2 text-sm text-base-content/75" aria-hidden="true">
        <Trans id="Status unknown: <0>{count}</0>" values={{ count: unknown }} components={{ 0: <span className="font-semibold text-base-content" /> }} />
      </p>
      {/* A table grows to its content whatever width it is given, so the 1px clip goes on a wrapper. */}
      <div className="sr-only">
        <table>
          <caption>{t('{title}: contacts by spiritual status', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Status')}</th>
              <th scope="col">{t('Contacts')}</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((stage) => (
              <tr key={stage.status}>
                <th scope="row">{spiritualStatusLabel(stage.status)}</th>
                <td>{stage.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
