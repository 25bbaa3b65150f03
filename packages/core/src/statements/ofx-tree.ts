// One tokenizer for OFX 1.x (SGML: leaf elements usually have no end tag) and OFX 2.x (XML), written by
// hand because the npm OFX parsers rewrite the whole text with chains of regular expressions (one of them
// backtracks badly) and lose errors (docs/statements.md). A single left-to-right pass with indexOf: linear
// in the file, no regular expression over the whole text.
//
// SGML leaves are closed by inference: an element that has received text is a leaf, so the next start tag
// closes it; an end tag closes every element opened since its start tag. An element with neither text nor
// children that is followed by a start tag is an aggregate unless its name is a known leaf (an empty
// unclosed <MEMO> must not swallow its siblings).
import { StatementError } from './model.ts';
import { decodeEntities } from './values.ts';

export interface TOfxNode {
  name: string;
  /** The element's text (entities decoded, trimmed); null for aggregates and empty elements. */
  text: string | null;
  children: TOfxNode[];
  /** 1-based line of the start tag in the decoded text. */
  line: number;
}

export type TOnClose = (
  node: TOfxNode,
  parent: TOfxNode | undefined,
  grandparent: TOfxNode | undefined,
) => boolean;

// Leaves that banks send empty and unclosed; every DT… element is a leaf as well.
const KNOWN_LEAVES = new Set([
  'NAME',
  'MEMO',
  'PAYEEID',
  'CHECKNUM',
  'REFNUM',
  'SIC',
  'FITID',
  'CORRECTFITID',
  'SRVRTID',
  'TRNTYPE',
  'TRNAMT',
  'BALAMT',
  'CURDEF',
  'CURSYM',
  'CURRATE',
  'ACCTID',
  'ACCTTYPE',
  'BANKID',
  'BRANCHID',
  'BROKERID',
  'LANGUAGE',
  'MESSAGE',
  'CODE',
  'SEVERITY',
  'TRNUID',
  'UNITS',
  'UNITPRICE',
  'TOTAL',
  'COMMISSION',
  'FEES',
  'MKTVAL',
  'TICKER',
  'SECNAME',
  'UNIQUEID',
  'UNIQUEIDTYPE',
  'ORG',
  'FID',
]);

function isKnownLeaf(name: string): boolean {
  return name.startsWith('DT') || KNOWN_LEAVES.has(name);
}

/**
 * Parses the body of an OFX file (from the first '<') into a tree under a '#document' node.
 * `firstLine` is the line the body starts on, so node lines count from the top of the file.
 * `onClose` sees each element as its end tag (written or inferred) closes it, innermost first, with its
 * parent and grandparent: the extractor turns a transaction into its small typed form there and drops the
 * subtree, so memory holds one transaction's elements at a time rather than the whole document's. When it
 * answers true the element itself leaves its parent too (a streamed transaction: nothing of it is kept).
 */
export function buildOfxTree(body: string, firstLine = 1, onClose?: TOnClose): TOfxNode {
  const root: TOfxNode = { name: '#document', text: null, children: [], line: firstLine };
  const stack: TOfxNode[] = [root];
  let line = firstLine;
  let counted = 0;
  // Lines are counted lazily up to each start tag: positions only move forward, so the pass stays linear.
  const lineAt = (position: number): number => {
    for (let index = counted; index < position; index++) if (body.charCodeAt(index) === 10) line++;
    counted = position;
    return line;
  };
  const appendText = (chunk: string, isRaw: boolean): void => {
    const top = stack[stack.length - 1]!;
    if (top === root || top.children.length > 0) return;
    const value = isRaw ? chunk : decodeEntities(chunk);
    if (value.trim() === '' && top.text === null) return;
    top.text = top.text === null ? value : top.text + value;
  };
  const closeLeafOnTop = (): void => {
    const top = stack[stack.length - 1]!;
    if (top === root || top.children.length > 0) return;
    if (top.text !== null || isKnownLeaf(top.name)) stack.pop();
  };

  let position = 0;
  const length = body.length;
  while (position < length) {
    const open = body.indexOf('<', position);
    const textEnd = open === -1 ? length : open;
    if (textEnd > position) appendText(body.slice(position, textEnd), false);
    if (open === -1) break;
    if (body.startsWith('<!--', open)) {
      const close = body.indexOf('-->', open + 4);
      position = close === -1 ? length : close + 3;
      continue;
    }
    if (body.startsWith('<![CDATA[', open)) {
      const close = body.indexOf(']]>', open + 9);
      if (close === -1) throw malformed(`a CDATA section at line ${lineAt(open)} is never closed`);
      appendText(body.slice(open + 9, close), true);
      position = close + 3;
      continue;
    }
    if (body.startsWith('<?', open)) {
      const close = body.indexOf('?>', open + 2);
      position = close === -1 ? length : close + 2;
      continue;
    }
    const close = body.indexOf('>', open + 1);
    if (close === -1) throw malformed(`the tag at line ${lineAt(open)} is never closed with '>'`);
    const inner = body.slice(open + 1, close).trim();
    position = close + 1;
    if (inner.startsWith('!')) continue;
    if (inner.startsWith('/')) {
      closeElement(stack, inner.slice(1).trim().toUpperCase(), onClose);
      continue;
    }
    const isSelfClosing = inner.endsWith('/');
    const nameEnd = inner.search(/[\s/]/);
    const name = (nameEnd === -1 ? inner : inner.slice(0, nameEnd)).toUpperCase();
    if (name === '') throw malformed(`an empty tag '<>' at line ${lineAt(open)}`);
    closeLeafOnTop();
    const node: TOfxNode = { name, text: null, children: [], line: lineAt(open) };
    stack[stack.length - 1]!.children.push(node);
    if (!isSelfClosing) stack.push(node);
  }
  for (const node of stack) if (node.text !== null) node.text = node.text.trim();
  if (stack.some((node) => node.name === 'OFX')) {
    throw malformed('the file ends before </OFX>: it looks cut short');
  }
  return root;
}

// An end tag closes its element and every element still open inside it (their end tags were omitted).
// An end tag with no open element of that name is ignored: SGML allows it after an inferred close.
function closeElement(stack: TOfxNode[], name: string, onClose: TOnClose | undefined): void {
  for (let index = stack.length - 1; index >= 1; index--) {
    if (stack[index]!.name === name) {
      for (let open = stack.length - 1; open >= index; open--) {
        const node = stack[open]!;
        if (node.text !== null) node.text = node.text.trim();
        const parent = stack[open - 1];
        // Closed innermost first, so the node is still its parent's last child.
        if (onClose?.(node, parent, stack[open - 2]) === true && parent?.children.at(-1) === node)
          parent.children.pop();
      }
      stack.length = index;
      return;
    }
  }
}

function malformed(what: string): StatementError {
  return new StatementError('MALFORMED_OFX', `This OFX file cannot be read: ${what}`);
}

export function child(node: TOfxNode, name: string): TOfxNode | undefined {
  return node.children.find((candidate) => candidate.name === name);
}

export function childrenNamed(node: TOfxNode, name: string): TOfxNode[] {
  return node.children.filter((candidate) => candidate.name === name);
}

/** The trimmed text of a child leaf, or null when it is absent or empty. */
export function leaf(node: TOfxNode | undefined, name: string): string | null {
  if (node === undefined) return null;
  const found = child(node, name);
  if (found === undefined || found.text === null) return null;
  const text = found.text.trim();
  return text === '' ? null : text;
}

/** Every descendant named one of `names`, in document order, not looking inside a match. */
export function findAll(node: TOfxNode, names: ReadonlySet<string>): TOfxNode[] {
  const found: TOfxNode[] = [];
  const pending: TOfxNode[] = [...node.children].reverse();
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (names.has(next.name)) {
      found.push(next);
      continue;
    }
    for (let index = next.children.length - 1; index >= 0; index--) pending.push(next.children[index]!);
  }
  return found;
}
