// Everything with one person, newest first: activities, follow-ups (pending marked), prayers (answers shown), status changes.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { followUpDueBadge, formatDay } from '../lib/dates';
import { activityTypeLabel, followUpTypeLabel, milestoneLabel, spiritualStatusLabel } from '../../shared/vocabulary';
import type { RouterOutputs } from '../lib/trpc';
import { ActivityTypeIcon, FollowUpTypeIcon, HandsIcon, StepUpIcon } from './Icons';
import { PrayerAnswer } from './PrayerAnswer';
import { AlsoThere } from './ActivityItem';
import { fullName } from '../lib/names';

type TimelineItem = RouterOutputs['contacts']['timeline']['items'][number];

function Marker({ children, tone }: { children: ReactNode; tone: string }) {
  return <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${tone}`}>{children}</span>;
}

type Author = { firstName: string; lastName: string } | null;

function Entry({ marker, title, date, to, by, children }: { marker: ReactNode; title: ReactNode; date: Date; to?: string; by?: Author; children?: ReactNode }) {
  return (
    <li className="flex items-start gap-3 py-3">
      {marker}
      <div className="min-w-0 flex-1">
        {/* The date keeps to the title's first line; a long title wraps beside it. */}
        <div className="flex items-baseline justify-between gap-x-3">
          <p dir="auto" className="min-w-0 font-medium wrap-anywhere">
            {to ? (
              <Link to={to} className="link link-hover">
                {title}
              </Link>
            ) : (
              title
            )}
          </p>
          <time dateTime={date.toISOString()} className="shrink-0 text-xs whitespace-nowrap text-base-content/70">
            {formatDay(date)}
          </time>
        </div>
        {children}
        {by && (
          <p dir="auto" className="mt-1 text-xs text-base-content/70">
            {t('by {name}', { name: fullName(by) })}
          </p>
        )}
      </div>
    </li>
  );
}

/** `authors`: a team contact's timeline names who wrote each entry (teammates write on it too). */
function TimelineEntry({ item, authors }: { item: TimelineItem; authors: boolean }) {
  const by = authors ? item.author : undefined;
  switch (item.kind) {
    case 'activity':
      return (
        <Entry marker={<ActivityTypeIcon type={item.type} />} title={activityTypeLabel(item.type)} date={item.date} to={`/activities?id=${item.id}`} by={by}>
          <p dir="auto" className={`mt-0.5 text-sm wrap-anywhere whitespace-pre-line ${item.notes ? 'text-base-content/80' : 'text-base-content/75 italic'}`}>
            {item.notes || t('No additional notes')}
          </p>
          <AlsoThere people={item.with} />
        </Entry>
      );
    case 'followUp': {
      const due = followUpDueBadge(item.date);
      return (
        <Entry
          marker={
            <Marker tone="bg-accent/15 text-accent">
              <FollowUpTypeIcon type={item.type} />
            </Marker>
          }
          title={t('Follow-up: {type}', { type: followUpTypeLabel(item.type) })}
          date={item.date}
          to={`/followups?id=${item.id}`}
          by={by}
        >
          <p dir="auto" className="mt-0.5 text-sm wrap-anywhere text-base-content/80">
            {item.description}
          </p>
          <p className="mt-1 flex flex-wrap gap-1.5">
            {item.pending ? (
              <>
                <span className="badge badge-sm badge-warning">{t('Pending')}</span>
                {due.tone !== 'neutral' && <span className={`badge badge-outline badge-sm ${due.tone === 'error' ? 'badge-error' : ''}`}>{due.label}</span>}
              </>
            ) : (
              <span className="badge badge-ghost badge-sm">{t('Completed')}</span>
            )}
          </p>
        </Entry>
      );
    }
    case 'prayer':
      return (
        <Entry
          marker={
            <Marker tone="bg-secondary/15 text-secondary">
              <HandsIcon />
            </Marker>
          }
          title={t('Prayer request')}
          date={item.date}
          to={`/prayer-journal?id=${item.id}`}
          by={by}
        >
          <p dir="auto" className="mt-0.5 text-sm wrap-anywhere whitespace-pre-line">
            {item.request}
          </p>
          {item.answered ? (
            <PrayerAnswer answerDate={item.answerDate ?? item.date} answerNotes={item.answerNotes} className="mt-2" />
          ) : (
            <p className="mt-1 text-xs text-base-content/70">{t('{count, plural, one {Prayed # time} other {Prayed # times}}', { count: item.prayedCount })}</p>
          )}
        </Entry>
      );
    case 'status':
      return (
        <Entry
          marker={
            <Marker tone="bg-primary/12 text-primary">
              <StepUpIcon />
            </Marker>
          }
          title={
            item.fromStatus === item.toStatus
              ? t('Spiritual check: still {status}', { status: spiritualStatusLabel(item.toStatus) })
              : item.fromStatus
                ? t('Status changed from {from} to {to}', { from: spiritualStatusLabel(item.fromStatus), to: spiritualStatusLabel(item.toStatus) })
                : t('Added as {status}', { status: spiritualStatusLabel(item.toStatus) })
          }
          date={item.date}
          by={by}
        />
      );
    case 'milestone':
      return (
        <Entry
          marker={
            <Marker tone="bg-success/15 text-success">
              <StepUpIcon />
            </Marker>
          }
          title={t('Milestone: {milestone}', { milestone: milestoneLabel(item.milestone) })}
          date={item.date}
          by={by}
        />
      );
  }
}

export function ContactTimeline({ items, authors = false }: { items: readonly TimelineItem[]; authors?: boolean }) {
  return (
    <ol className="divide-y divide-base-200" aria-label={t('Timeline')}>
      {items.map((item) => (
        <TimelineEntry key={`${item.kind}-${item.id}`} item={item} authors={authors} />
      ))}
    </ol>
  );
}
