// Lingui extractor for Sower's texts: the English text is the message id (shared/i18n.ts). It collects the first
// string argument of t('…'), msg('…') and fmt('…', values) calls, the second of translate(locale, '…'), and the id of <Trans id="…">.
// A text built at run time (a variable, a template with ${}) cannot be collected: mark each literal with msg() instead.
import ts from 'typescript';

export interface FoundMessage {
  id: string;
  line: number;
  column: number;
}

/** The callee names whose argument at the given index is a message. */
const messageCalls: Record<string, number> = { t: 0, msg: 0, fmt: 0, translate: 1 };

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return undefined;
}

export function findMessages(filename: string, code: string): { messages: FoundMessage[]; problems: string[] } {
  const kind = filename.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(filename, code, ts.ScriptTarget.Latest, true, kind);
  const messages: FoundMessage[] = [];
  const problems: string[] = [];
  const add = (node: ts.Node, id: string) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    messages.push({ id, line: line + 1, column: character });
  };
  const where = (node: ts.Node) => `${filename}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && Object.hasOwn(messageCalls, node.expression.text)) {
      const argument = node.arguments[messageCalls[node.expression.text]];
      const text = literalText(argument);
      if (text !== undefined) add(node, text);
      else if (argument && node.expression.text === 'msg') problems.push(`${where(node)}: msg() needs a literal text`);
    }
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && ts.isIdentifier(node.tagName) && node.tagName.text === 'Trans') {
      for (const attribute of node.attributes.properties) {
        if (!ts.isJsxAttribute(attribute) || !ts.isIdentifier(attribute.name) || attribute.name.text !== 'id') continue;
        const initializer = attribute.initializer;
        const text = initializer && ts.isJsxExpression(initializer) ? literalText(initializer.expression) : literalText(initializer);
        if (text !== undefined) add(node, text);
        else problems.push(`${where(node)}: <Trans id> needs a literal text`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, problems };
}

/** The extractor as Lingui's config takes it. */
export const sowerExtractor = {
  match: (filename: string) => /\.(ts|tsx)$/.test(filename) && !filename.endsWith('.d.ts'),
  extract(filename: string, code: string, onMessageExtracted: (message: { id: string; origin: [string, number, number] }) => void) {
    const { messages, problems } = findMessages(filename, code);
    if (problems.length) throw new Error(problems.join('\n'));
    for (const m of messages) onMessageExtracted({ id: m.id, origin: [filename, m.line, m.column] });
  },
};
