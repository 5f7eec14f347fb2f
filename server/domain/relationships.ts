// Links between people (issue 50 §3): stored once as "contact is kind of related" (a child link as its parent link),
// read from either side with the kind as the asked contact sees it; the "discipled by" links make the generation tree.
// A link shows only when the reader may read both people: a personal contact never shows through a teammate's link.
import { and, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../../db/client';
import { contactRelationships, contacts } from '../../db/schema';
import { fmt, msg } from '../../shared/i18n';
import { MAX_RELATIONSHIPS } from '../../shared/schemas/relationships';
import { relationshipReverse, type RelationshipKind, type RelationshipView } from '../../shared/vocabulary';
import { canRead, notFound, type Who } from '../access';
import { fieldConflict, fieldInvalid } from '../errors';

export const RELATIONSHIP_NOT_FOUND = msg('Relationship not found');
const CIRCLE = msg('This would make a circle: that person is already among the disciples of this one');
const ALREADY = msg('These two are already linked that way');
const TOO_MANY = fmt('At most {max} relationships for one person', { max: MAX_RELATIONSHIPS });

/** The contacts the reader may read, as a subquery of ids. */
const readableIds = (who: Who) => sql`(select ${contacts.id} from ${contacts} where ${canRead(contacts, who)})`;

/** A link as stored: a child link is its parent link from the other side. */
export function stored(contactId: number, otherId: number, kind: RelationshipKind) {
  return kind === 'child' ? { contactId: otherId, relatedId: contactId, kind: 'parent' as const } : { contactId, relatedId: otherId, kind };
}

/** A contact's links whose other person the reader may read, each with the kind as `contactId` sees it, by name. */
export async function relationshipsOf(db: Queryable, contactId: number, who: Who) {
  const rows = await db.all<{ id: number; kind: RelationshipKind; mine: number; other: number; name: string; status: string }>(sql`
    select r.id as id, r.kind as kind, r.contact_id = ${contactId} as mine, c.id as other, c.name as name, c.spiritual_status as status
    from ${contactRelationships} r join ${contacts} c on c.id = case when r.contact_id = ${contactId} then r.related_id else r.contact_id end
    where (r.contact_id = ${contactId} or r.related_id = ${contactId}) and c.id in ${readableIds(who)}
    order by lower(c.name), r.id
    limit ${MAX_RELATIONSHIPS * 2}`);
  return rows.map((row) => ({
    id: Number(row.id),
    kind: (row.mine ? row.kind : relationshipReverse[row.kind]) as RelationshipView,
    contact: { id: Number(row.other), name: row.name, spiritualStatus: row.status as typeof contacts.$inferSelect.spiritualStatus },
  }));
}

/**
 * Adds a link (both people checked by the caller), refusing a duplicate (409), a person past MAX_RELATIONSHIPS and a
 * "discipled by" that would close a circle (400): a walk up the new discipler's own disciplers, bounded by the tree's
 * depth, in the write's transaction.
 */
export async function addRelationship(tx: Tx, contactId: number, otherId: number, kind: RelationshipKind, userId: number) {
  const link = stored(contactId, otherId, kind);
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(contactRelationships)
    .where(or(eq(contactRelationships.contactId, contactId), eq(contactRelationships.relatedId, contactId)));
  if (Number(n) >= MAX_RELATIONSHIPS) throw fieldInvalid({ field: 'contactId', message: TOO_MANY });
  const [same] = await tx
    .select({ id: contactRelationships.id })
    .from(contactRelationships)
    .where(
      and(eq(contactRelationships.contactId, link.contactId), eq(contactRelationships.relatedId, link.relatedId), eq(contactRelationships.kind, link.kind)),
    );
  if (same) throw fieldConflict({ field: 'kind', message: ALREADY });
  if (link.kind === 'discipled_by') {
    // The new discipler, their discipler, and so on up: the disciple among them would be their own ancestor.
    const [circle] = await tx.all<{ found: number }>(sql`
      with recursive up(id, depth) as (
        select ${link.relatedId}, 0
        union
        select r.related_id, up.depth + 1 from ${contactRelationships} r join up on r.contact_id = up.id
        where r.kind = 'discipled_by' and up.depth < 10000
      )
      select 1 as found from up where id = ${link.contactId} limit 1`);
    if (circle) throw fieldInvalid({ field: 'contactId', message: CIRCLE });
  }
  const [row] = await tx
    .insert(contactRelationships)
    .values({ ...link, createdBy: userId })
    .returning({ id: contactRelationships.id });
  return row.id;
}

/** Removes a link of the contact's whose other person the reader may read; 404 for any other. */
export async function removeRelationship(tx: Tx, contactId: number, relationshipId: number, who: Who) {
  const removed = await tx
    .delete(contactRelationships)
    .where(
      and(
        eq(contactRelationships.id, relationshipId),
        or(
          and(eq(contactRelationships.contactId, contactId), sql`${contactRelationships.relatedId} in ${readableIds(who)}`),
          and(eq(contactRelationships.relatedId, contactId), sql`${contactRelationships.contactId} in ${readableIds(who)}`),
        ),
      ),
    )
    .returning({ id: contactRelationships.id });
  if (!removed.length) throw notFound(RELATIONSHIP_NOT_FOUND);
}

/** The most people the tree answers: its first generations when it holds more. */
export const MAX_TREE_NODES = 5000;

/**
 * The generation tree of the "discipled by" links the reader may read (both people readable): the reader at the root,
 * generation 1 the people in it discipled by no one readable, each next generation their disciples. A person with two
 * disciplers stands in the earlier generation, once. `depth` is the deepest generation.
 */
export async function generations(db: Queryable, who: Who) {
  // Each link with both people's names, in one read: only links between two people the reader may read.
  const disciple = alias(contacts, 'disciple');
  const discipler = alias(contacts, 'discipler');
  const links = await db
    .select({
      disciple: disciple.id,
      discipler: discipler.id,
      discipleName: disciple.name,
      discipleStatus: disciple.spiritualStatus,
      disciplerName: discipler.name,
      disciplerStatus: discipler.spiritualStatus,
    })
    .from(contactRelationships)
    .innerJoin(disciple, eq(disciple.id, contactRelationships.contactId))
    .innerJoin(discipler, eq(discipler.id, contactRelationships.relatedId))
    .where(and(eq(contactRelationships.kind, 'discipled_by'), canRead(disciple, who), canRead(discipler, who)));
  const disciples = new Map<number, number[]>();
  const discipled = new Set<number>();
  const names = new Map<number, { name: string; spiritualStatus: typeof contacts.$inferSelect.spiritualStatus }>();
  for (const link of links) {
    const children = disciples.get(link.discipler);
    if (children) children.push(link.disciple);
    else disciples.set(link.discipler, [link.disciple]);
    discipled.add(link.disciple);
    names.set(link.disciple, { name: link.discipleName, spiritualStatus: link.discipleStatus });
    names.set(link.discipler, { name: link.disciplerName, spiritualStatus: link.disciplerStatus });
  }
  const roots = [...disciples.keys()].filter((id) => !discipled.has(id)).sort((a, b) => a - b);
  const placed = new Map<number, { generation: number; discipledBy: number | null }>();
  let layer = roots.map((id) => ({ id, discipledBy: null as number | null }));
  let generation = 1;
  let truncated = false;
  while (layer.length) {
    const next: typeof layer = [];
    for (const { id, discipledBy } of layer) {
      if (placed.has(id)) continue;
      if (placed.size >= MAX_TREE_NODES) {
        truncated = true;
        break;
      }
      placed.set(id, { generation, discipledBy });
      for (const child of disciples.get(id) ?? []) if (!placed.has(child)) next.push({ id: child, discipledBy: id });
    }
    if (truncated) break;
    layer = next;
    generation++;
  }
  const ids = [...placed.keys()];
  const nodes = ids.map((id) => ({ id, ...names.get(id)!, ...placed.get(id)! })) as {
    id: number;
    name: string;
    spiritualStatus: typeof contacts.$inferSelect.spiritualStatus;
    generation: number;
    discipledBy: number | null;
  }[];
  return { depth: nodes.reduce((deepest, node) => Math.max(deepest, node.generation), 0), nodes, truncated };
}
