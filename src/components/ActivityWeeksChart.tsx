// Activities per week, stacked by type: bars drawn in SVG, labels in HTML (they stay readable at any width), and a
// visually hidden table with every number for screen readers.
import { activityTypeLabel, activityTypes, type ActivityType } from '../../shared/vocabulary';
import type { RouterOutputs } from '../lib/trpc';
import { formatDay, formatMonthDay } from '../lib/dates';
import { t } from '../i18n';

type Week = RouterOutputs['insights']['activityWeeks'][number];

/** Fill and legend swatch per type, from the theme; the legend and the table carry the meaning, not the colour. */
const tone: Record<ActivityType, { fill: string; swatch: string }> = {
  conversation: { fill: 'fill-primary', swatch: 'bg-primary' },
  gospel_presentation: { fill: 'fill-secondary', swatch: 'bg-secondary' },
  follow_up: { fill: 'fill-accent', swatch: 'bg-accent' },
  other: { fill: 'fill-base-content/35', swatch: 'bg-base-content/35' },
};

/** The top of the scale: the largest week rounded up to an even number, so the middle line is a whole number. */
function scaleTop(weeks: Week[]) {
  const most = Math.max(...weeks.map((w) => w.total), 1);
  return most <= 2 ? 2 : most + (most % 2);
}

/** 'Mar 11' in English, each language's own short day elsewhere (date-fns' 'MMM d' knew English month names only). */
const weekLabel = (start: Date) => formatMonthDay(start);

export function ActivityWeeksChart({ weeks, title }: { weeks: Week[]; title: string }) {
  const top = scaleTop(weeks);
  const total = weeks.reduce((sum, w) => sum + w.total, 0);
  const BAR = 0.62;
  return (
    <figure className="flex flex-col items-stretch gap-3 text-start">
      <figcaption className="text-sm text-base-content/75">
        {t('{total, plural, one {# activity} other {# activities}} in the last {weeks, plural, one {# week} other {# weeks}}', { total, weeks: weeks.length })}
      </figcaption>
      <div aria-hidden="true">
        <div className="flex gap-2">
          <div className="relative h-40 w-6 shrink-0 text-xs text-base-content/70 tabular-nums sm:h-48">
            <span className="absolute end-0 top-0 -translate-y-1/2">{top}</span>
            <span className="absolute end-0 top-1/2 -translate-y-1/2">{top / 2}</span>
            <span className="absolute end-0 bottom-0 translate-y-1/2">0</span>
          </div>
          <svg
            className="h-40 min-w-0 flex-1 sm:h-48 rtl:-scale-x-100"
            viewBox={`0 0 ${weeks.length} ${top}`}
            preserveAspectRatio="none"
            data-testid="weeks-chart"
          >
            {[0, top / 2, top].map((y) => (
              <line key={y} x1="0" x2={weeks.length} y1={top - y} y2={top - y} className="stroke-base-300" vectorEffect="non-scaling-stroke" />
            ))}
            {weeks.map((week, i) => {
              let base = top;
              return activityTypes.map((type) => {
                const count = week.counts[type];
                if (!count) return null;
                base -= count;
                return <rect key={type} x={i + (1 - BAR) / 2} width={BAR} y={base} height={count} className={tone[type].fill} />;
              });
            })}
          </svg>
        </div>
        <div
          className="ms-8 mt-1 grid text-center text-[0.7rem] text-base-content/70"
          style={{ gridTemplateColumns: `repeat(${weeks.length}, minmax(0, 1fr))` }}
        >
          {weeks.map((week, i) => (
            // Every third week on phones, every other from sm up: twelve dates do not fit side by side.
            <span key={i} className={`whitespace-nowrap ${i % 3 === 0 ? '' : 'invisible'} ${i % 2 === 0 ? 'sm:visible' : 'sm:invisible'}`}>
              {weekLabel(week.start)}
            </span>
          ))}
        </div>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-base-content/80" aria-hidden="true">
        {activityTypes.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <span className={`inline-block size-2.5 rounded-sm ${tone[type].swatch}`} />
            {activityTypeLabel(type)}
          </li>
        ))}
      </ul>
      {/* A table grows to its content whatever width it is given, so the 1px clip goes on a wrapper. */}
      <div className="sr-only">
        <table>
          <caption>{t('{title}: activities per week by type', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Week of')}</th>
              {activityTypes.map((type) => (
                <th key={type} scope="col">
                  {activityTypeLabel(type)}
                </th>
              ))}
              <th scope="col">{t('Total')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, i) => (
              <tr key={i}>
                <th scope="row">{formatDay(week.start)}</th>
                {activityTypes.map((type) => (
                  <td key={type}>{week.counts[type]}</td>
                ))}
                <td>{week.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
