// A comment's words (or their excerpt in the inbox) in their own direction: src/lib/mentions.ts.
import { commentParts } from '../../lib/mentions';

export function CommentText({ text, as: Tag = 'p', className }: { text: string; as?: 'p' | 'span'; className?: string }) {
  const { dir, lead, rest } = commentParts(text);
  return (
    <Tag dir={dir} className={className}>
      {lead && <bdi>{lead}</bdi>}
      {rest}
    </Tag>
  );
}
