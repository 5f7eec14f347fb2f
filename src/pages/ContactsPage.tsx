// Contacts: a card per person (each opening their page), searchable and filtered by status in the URL; add, edit and delete.
import { archiveReasonLabel } from '../components/ContactArchive';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { t } from '../i18n';
import { isOneOf, milestoneKinds, milestoneLabel, spiritualStatuses, type MilestoneKind } from '../../shared/vocabulary';
import { addDays } from 'date-fns';
import { dayStart, formatDay } from '../lib/dates';
import { contactSorts, type ContactSort } from '../../shared/lists';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ContactAvatar } from '../components/ContactAvatar';
import { contactPath } from '../components/ContactLink';
import { ContactMethods } from '../components/ContactMethods';
import { ContactTouchpoints } from '../components/ContactTouchpoints';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { LoadMore } from '../components/LoadMore';
import { Modal } from '../components/Modal';
import { NoMatches } from '../components/NoMatches';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { LoadGate } from '../components/LoadGate';
import { StatusBadge } from '../components/StatusBadge';
import { STRETCHED_LINK } from '../components/stretchedLink';
import { ContactForm, type Contact } from '../forms/ContactForm';
import { SelectField } from '../forms/Fields';
import { spiritualStatusOptions } from '../forms/options';
import { TextField } from '../forms/TextField';
import { useDebouncedText, useUrlFilters } from '../hooks/useUrlFilters';
import { useWrite } from '../hooks/useWrite';
import { confirmDelete, contactSummary, failure, loadFailed, success } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { nextPageAfterLastId } from '../lib/ids';
import { AttentionList } from '../components/AttentionList';
import { TeamMark } from '../components/team-work/TeamMark';
import { AssignedTo } from '../components/team-work/ContactTeam';
import { PendingAssignments, UpdateNeededMark } from '../components/team-work/AssignmentAnswer';
import { useMarkAssignmentsSeen } from '../components/team-work/assignments';
import { useSpace, useTeams } from '../hooks/useTeams';
import { useMayChange } from '../components/team-work/rights';
import { BulkBar, useContactSelection } from '../components/BulkActions';

type ContactView = 'all' | 'attention' | 'assigned';

/**
 * The views of the screen, kept in the URL: everyone, who needs attention (issue 16), those assigned to me (issue 30).
 * On a phone they share the row in equal columns and a label wraps inside its own ('Asignados a mí' ran 16 px past a
 * 390 px screen: issue 48); from sm up they sit side by side at their own widths.
 */
function ContactViews({ view }: { view: ContactView }) {
  // Only a team's contacts are assigned: the tab is there in a team's space (issue 48).
  const { currentTeam } = useTeams();
  const tab = (to: string, current: boolean, label: string) => (
    <Link
      to={to}
      className={`join-item btn h-auto min-h-11 min-w-0 px-2 py-1 leading-tight whitespace-normal btn-sm sm:min-h-8 sm:px-3 sm:whitespace-nowrap ${current ? 'btn-active btn-primary' : 'btn-outline'}`}
      aria-current={current ? 'page' : undefined}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('Contact views')} className="join mb-4 grid w-full auto-cols-fr grid-flow-col sm:inline-flex sm:w-auto">
      {tab('/contacts', view === 'all', t('All contacts'))}
      {tab('/contacts?attention=1', view === 'attention', t('Needs attention'))}
      {currentTeam && tab('/contacts?assigned=me', view === 'assigned', t('Assigned to me'))}
    </nav>
  );
}

// Thousands of imported contacts arrive a page at a time.
const PAGE = 60;

const isSort = (value: string): value is ContactSort => isOneOf(contactSorts, value) && value !== 'name';

function matchCount(count: number, filtered: boolean, assigned: boolean) {
  if (!filtered && assigned) return t('{count, plural, one {# contact assigned to you} other {# contacts assigned to you}}', { count });
  if (!filtered) return t('{count, plural, one {# contact} other {# contacts}}', { count });
  return t('{count, plural, one {# contact matches} other {# contacts match}}', { count });
}

/** The milestone filter's kind as a reader says it: `any` is every milestone. */
const milestoneName = (kind: MilestoneKind | 'any') => (kind === 'any' ? t('Any milestone') : milestoneLabel(kind));

export default function ContactsPage() {
  const [filters, setFilters] = useUrlFilters([
    'q',
    'status',
    'sort',
    'attention',
    'assigned',
    'archived',
    'milestone',
    'milestoneFrom',
    'milestoneTo',
  ] as const);
  const assigned = filters.assigned === 'me';
  const view: ContactView = filters.attention ? 'attention' : assigned ? 'assigned' : 'all';
  useMarkAssignmentsSeen(assigned);
  const sort = isSort(filters.sort) ? filters.sort : undefined;
  // The box refines one search in place (replace) but starting or ending a search is a step back can undo.
  const [text, setText] = useDebouncedText(filters.q, (q) => setFilters({ q }, { replace: Boolean(filters.q) && Boolean(q) }));
  // The space the switcher chose (issue 48): the lists show its contacts only.
  const space = useSpace();
  // Issue 50: `?tag=family&tag=campus` keeps the contacts carrying every one of them.
  const [params, setParams] = useSearchParams();
  const tags = params.getAll('tag').filter((tag) => tag.trim());
  // Issue 51 §1: `?milestone=baptized&milestoneFrom=2026-12-01&milestoneTo=2026-12-31` (days inclusive, in this
  // device's zone) keeps the contacts with that milestone dated then, as the team dashboard's numbers open them.
  const milestone = isOneOf([...milestoneKinds, 'any'] as const, filters.milestone) ? filters.milestone : undefined;
  const milestoneFrom = milestone && dayStart(filters.milestoneFrom);
  const milestoneLastDay = milestone && dayStart(filters.milestoneTo);
  const filter = {
    team: space,
    q: filters.q.trim() || undefined,
    status: isOneOf(spiritualStatuses, filters.status) ? filters.status : undefined,
    tag: tags.length ? tags : undefined,
    // Issue 50 §7: `?archived=true` lists the archived contacts only; the list leaves them out otherwise.
    archived: filters.archived === 'true' ? true : undefined,
    milestone,
    milestoneFrom,
    milestoneTo: milestoneLastDay && addDays(milestoneLastDay, 1),
  };
  const filtered = Boolean(filter.q || filter.status || filter.tag || filter.archived || filter.milestone);
  const withoutTag = (tag: string) =>
    setParams((current) => {
      const kept = current.getAll('tag').filter((other) => other !== tag);
      current.delete('tag');
      for (const other of kept) current.append('tag', other);
      return current;
    });

  const contacts = trpc.contacts.list.useInfiniteQuery(
    { ...filter, sort, assignedTo: assigned ? 'me' : undefined, limit: PAGE },
    { getNextPageParam: nextPageAfterLastId(PAGE), placeholderData: keepPreviousData, enabled: !filters.attention },
  );
  // 'Assigned to me' counts its own list, as 'All contacts' does (issue 48: it showed no count). While a search
  // refines, the last count stays; moving to the other view, the other view's number never shows under its words.
  const assignedTo = assigned ? ('me' as const) : undefined;
  const count = trpc.contacts.count.useQuery(
    { ...filter, assignedTo },
    {
      placeholderData: (previous, previousQuery) =>
        (previousQuery?.queryKey[1] as { input?: { assignedTo?: string } } | undefined)?.input?.assignedTo === assignedTo ? previous : undefined,
      enabled: !filters.attention,
    },
  );
  const remove = trpc.contacts.remove.useMutation();
  const mayChange = useMayChange();
  const write = useWrite();
  // Issue 51 §4: several contacts chosen for one action.
  const selection = useContactSelection();
  // null: no form; {}: adding; { contact }: editing that contact.
  const [form, setForm] = useState<{ contact?: Contact } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const rows = contacts.data?.pages.flat() ?? [];
  // The search and its count show once there is something to search, and stay while a filter finds nothing.
  const showFilters = filtered || assigned || rows.length > 0;
  // One write of the URL: two in a row would each start from the same URL, the second putting back what the first cleared.
  const clear = () =>
    setParams((current) => {
      for (const key of ['q', 'status', 'tag', 'archived', 'milestone', 'milestoneFrom', 'milestoneTo']) current.delete(key);
      return current;
    });
  // Built in render, so the choices read in the current language.
  const statusOptions = [{ value: '', label: t('All statuses') }, ...spiritualStatusOptions];
  const sortOptions = contactSorts.map((value) => ({ value: value === 'name' ? '' : value, label: contactSummary.sorts[value] }));

  async function removeContact(contact: Contact) {
    await write(() => remove.mutateAsync({ id: contact.id }), { kind: 'contact', done: success.contactDeleted, failed: failure.deleteContact }).catch(
      () => undefined,
    );
    setDeleting(null);
  }

  const addButton = (
    <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setForm({})}>
      {t('Add Contact')}
    </button>
  );

  const header = (
    <PageHeader
      title={t('Contacts')}
      subtitle={t('The people you are sharing your journey with.')}
      action={
        <button type="button" className="btn btn-primary" onClick={() => setForm({})}>
          <PlusIcon /> {t('Add Contact')}
        </button>
      }
    />
  );
  const contactForm = (
    <Modal open={Boolean(form)} title={form?.contact ? t('Edit Contact') : t('Add Contact')} onClose={() => setForm(null)}>
      {form && <ContactForm key={form.contact?.id ?? 'new'} contact={form.contact} onDone={() => setForm(null)} />}
    </Modal>
  );

  if (filters.attention)
    return (
      <>
        {header}
        <ContactViews view="attention" />
        <AttentionList />
        {contactForm}
      </>
    );

  return (
    <>
      {header}
      {showFilters && <ContactViews view={view} />}
      {assigned && <PendingAssignments />}
      {showFilters && (
        <div role="search" aria-label={t('Filter contacts')} className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <TextField
              name="q"
              type="search"
              label={t('Search contacts')}
              placeholder={t('Name, email, phone or notes')}
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
            />
          </div>
          {/* Side by side even on a phone, so the cards start sooner. */}
          <div className="grid grid-cols-2 gap-3 sm:flex">
            <div className="min-w-0 sm:w-52">
              <SelectField
                name="status"
                label={t('Status')}
                value={filter.status ?? ''}
                options={statusOptions}
                onChange={(e) => setFilters({ status: e.target.value })}
              />
            </div>
            <div className="min-w-0 sm:w-64">
              <SelectField
                name="sort"
                label={contactSummary.sortLabel}
                value={sort ?? ''}
                options={sortOptions}
                onChange={(e) => setFilters({ sort: e.target.value }, { replace: true })}
              />
            </div>
          </div>
        </div>
      )}
      {milestone && (
        <p className="mb-3 flex flex-wrap items-center gap-2">
          <span className="badge badge-outline h-auto min-h-7 gap-1 py-1" data-testid="milestone-filter">
            <span>
              {milestoneFrom && milestoneLastDay
                ? t('{milestone}, {from} to {to}', { milestone: milestoneName(milestone), from: formatDay(milestoneFrom), to: formatDay(milestoneLastDay) })
                : milestoneName(milestone)}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-xs h-6 min-h-6 w-6 p-0"
              aria-label={t('Remove the milestone filter')}
              onClick={() => setFilters({ milestone: '', milestoneFrom: '', milestoneTo: '' })}
            >
              ×
            </button>
          </span>
        </p>
      )}
      {tags.length > 0 && (
        <ul className="mb-3 flex flex-wrap items-center gap-2" aria-label={t('Tags filtered by')}>
          {tags.map((tag) => (
            <li key={tag} className="badge badge-outline h-auto min-h-7 gap-1 py-1">
              <span dir="auto">{tag}</span>
              <button
                type="button"
                className="btn btn-ghost btn-xs h-6 min-h-6 w-6 p-0"
                aria-label={t('Remove tag {tag}', { tag })}
                onClick={() => withoutTag(tag)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {showFilters && (
        <div className="mb-3 flex min-h-8 items-center justify-between gap-2">
          <p role="status" className="text-sm text-base-content/75">
            {count.data ? matchCount(count.data.count, filtered, assigned) : ''}
          </p>
          <div className="flex flex-wrap justify-end gap-1">
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFilters({ archived: filter.archived ? '' : 'true' })}>
              {filter.archived ? t('Show active contacts') : t('Show archived contacts')}
            </button>
            {filtered && (
              <button type="button" className="btn btn-ghost btn-sm" onClick={clear}>
                {t('Clear filters')}
              </button>
            )}
          </div>
        </div>
      )}
      <BulkBar selected={selection.selected} onClear={selection.clear} />
      <LoadGate loads={[contacts]} failed={loadFailed.contacts}>
        {rows.length === 0 ? (
          assigned && !filtered ? (
            <EmptyState
              title={t('No contacts assigned to you')}
              text={t('A team admin can assign you a contact, or choose Assign to me on a team contact’s page.')}
            />
          ) : filter.archived && !filter.q && !filter.status && !filter.tag ? (
            <EmptyState title={t('No archived contacts')} text={t('A contact you archive from their page is kept here.')} />
          ) : filtered ? (
            <NoMatches title={t('No contacts match your search')} text={t('Try other words or another status.')} onClear={clear} />
          ) : (
            <EmptyState title={t('No contacts yet')} text={t('Get started by adding your first contact.')} action={addButton} />
          )
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map((contact) => (
              <li
                key={contact.id}
                {...selection.cardProps(contact.id)}
                className={`card border bg-base-100 transition-shadow select-none hover:shadow-md ${selection.selected.includes(contact.id) ? 'border-primary ring-2 ring-primary' : 'border-base-300'}`}
              >
                <div className="card-body gap-3 p-5">
                  <div className="flex items-start gap-3">
                    {/* Checkboxes on a wide screen; on a phone a long press starts the selection, and then they show. */}
                    <input
                      type="checkbox"
                      className={`checkbox relative z-10 mt-2 checkbox-sm checkbox-primary ${selection.selecting ? '' : 'hidden sm:inline-grid'}`}
                      aria-label={t('Select {name}', { name: contact.name })}
                      checked={selection.selected.includes(contact.id)}
                      onChange={() => selection.toggle(contact.id)}
                    />
                    <ContactAvatar name={contact.name} />
                    <div className="min-w-0 flex-1">
                      <h2 dir="auto" className="font-semibold wrap-anywhere">
                        {/* The whole card opens the contact's page; its menu and links sit above that. */}
                        <Link to={contactPath(contact.id)} className={`${STRETCHED_LINK} hover:underline`}>
                          {contact.name}
                        </Link>
                      </h2>
                      <div className="flex flex-wrap items-center gap-1.5">
                        <StatusBadge status={contact.spiritualStatus} />
                        <TeamMark teamId={contact.teamId} />
                        {contact.archiveReason && <span className="badge badge-ghost badge-sm">{archiveReasonLabel(contact.archiveReason)}</span>}
                      </div>
                    </div>
                    {/* Absent where the role may not change the contact (shared/roles.ts): a viewer reads team contacts only. */}
                    {mayChange(contact) && (
                      <RowMenu
                        label={t('Actions for {name}', { name: contact.name })}
                        items={[
                          { label: t('Edit'), onSelect: () => setForm({ contact }) },
                          { label: t('Delete'), onSelect: () => setDeleting(contact), danger: true },
                        ]}
                      />
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-2 empty:hidden">
                    <AssignedTo person={contact.assignedTo} />
                    <UpdateNeededMark updateNeeded={contact.updateNeeded} />
                  </div>
                  <ContactMethods phone={contact.phone} email={contact.email} />
                  <ContactTouchpoints lastContactAt={contact.lastContactAt} nextFollowUpAt={contact.nextFollowUpAt} />
                  {contact.notes && (
                    <p dir="auto" className="line-clamp-2 text-sm wrap-anywhere text-base-content/80">
                      {contact.notes}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadGate>
      <LoadMore list={contacts} />

      {contactForm}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('Delete contact')}
        message={deleting ? confirmDelete.contact(deleting.name) : ''}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeContact(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
