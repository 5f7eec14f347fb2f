// The generation tree (issue 50 §3): who disciples whom, from the people discipled by no one the reader can see
// (generation 1) down, each person once, opening their page; how many generations deep it goes.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../i18n';
import { EmptyState } from '../components/EmptyState';
import { LoadGate } from '../components/LoadGate';
import { PageHeader } from '../components/PageHeader';
import { StatusBadge } from '../components/StatusBadge';
import { trpc, type RouterOutputs } from '../lib/trpc';

type Node = RouterOutputs['contacts']['generations']['nodes'][number];

function Branch({ nodes, under }: { nodes: Node[]; under: Map<number | null, Node[]> }): ReactNode {
  return (
    <ul className="flex flex-col gap-2 border-s border-base-300 ps-4">
      {nodes.map((node) => (
        <li key={node.id} className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <span className="badge badge-sm badge-ghost tabular-nums">{t('Generation {number}', { number: node.generation })}</span>
            <Link to={`/contacts/${node.id}`} className="link font-medium" dir="auto">
              {node.name}
            </Link>
            <StatusBadge status={node.spiritualStatus} />
          </div>
          {under.get(node.id) && <Branch nodes={under.get(node.id)!} under={under} />}
        </li>
      ))}
    </ul>
  );
}

export default function GenerationsPage() {
  const tree = trpc.contacts.generations.useQuery();
  const under = new Map<number | null, Node[]>();
  for (const node of tree.data?.nodes ?? []) under.set(node.discipledBy, [...(under.get(node.discipledBy) ?? []), node]);
  return (
    <>
      <PageHeader title={t('Generations')} subtitle={t('Who disciples whom, generation by generation.')} />
      <LoadGate loads={[tree]} failed={t('The generations could not be loaded. Please try again.')}>
        {tree.data && tree.data.nodes.length === 0 ? (
          <EmptyState title={t('No generations yet')} text={t('Link a person as “Discipled by” someone on their page, and the tree grows here.')} />
        ) : (
          tree.data && (
            <section className="card border border-base-300 bg-base-100" aria-label={t('Generation tree')}>
              <div className="card-body gap-4 p-4 sm:p-6">
                <p className="text-sm text-base-content/75">
                  {t('{count, plural, one {# generation deep} other {# generations deep}}', { count: tree.data.depth })}
                  {tree.data.truncated ? ` ${t('Only the first 5,000 people are shown.')}` : ''}
                </p>
                <Branch nodes={under.get(null) ?? []} under={under} />
              </div>
            </section>
          )
        )}
      </LoadGate>
    </>
  );
}
