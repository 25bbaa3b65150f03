// Portfolio Performance's file is XStream's XML: an object met a second time is written as an element
// with only `reference="../../security[2]"`, an XPath relative to that element. This reads the XML into
// a tree that keeps each element's parent, so such a reference leads back to the one element it names
// (two transactions that share a security share the same node).
import { XMLParser } from 'fast-xml-parser';

export interface TXmlNode {
  tag: string;
  attributes: Record<string, string>;
  children: TXmlNode[];
  text: string;
  parent: TXmlNode | null;
}

type TOrdered = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // `&amp;` in names is read back; the parser's default bounds on DOCTYPE entities (count, size, expanded
  // length) keep a crafted file from growing.
  processEntities: true,
  htmlEntities: false,
});

/** The document's root element (`client`), or null when the text holds no element. */
export function readXmlTree(source: string): TXmlNode | null {
  const ordered = parser.parse(source) as TOrdered[];
  const top = nodesOf(ordered, null);
  return top.find((node) => node.tag !== '?xml') ?? null;
}

function nodesOf(items: TOrdered[], parent: TXmlNode | null): TXmlNode[] {
  const nodes: TXmlNode[] = [];
  for (const item of items) {
    const tag = Object.keys(item).find((key) => key !== ':@');
    if (!tag || tag === '#text') continue;
    const node: TXmlNode = {
      tag,
      attributes: (item[':@'] as Record<string, string> | undefined) ?? {},
      children: [],
      text: '',
      parent,
    };
    const content = (item[tag] as TOrdered[] | undefined) ?? [];
    node.text = content
      .map((child) => (typeof child['#text'] === 'string' ? child['#text'] : ''))
      .join('')
      .trim();
    node.children = nodesOf(content, node);
    nodes.push(node);
  }
  return nodes;
}

/** The element a back-reference names, or the element itself; null when the path leads nowhere. */
export function deref(node: TXmlNode | null | undefined): TXmlNode | null {
  let current = node ?? null;
  // A reference may lead to another reference's element only through a cycle of bad paths: bounded.
  for (let hops = 0; current && current.attributes.reference !== undefined && hops < 8; hops++)
    current = follow(current, current.attributes.reference);
  return current && current.attributes.reference === undefined ? current : null;
}

function follow(from: TXmlNode, path: string): TXmlNode | null {
  let at: TXmlNode | null = from;
  for (const step of path.split('/')) {
    if (!at) return null;
    if (step === '' || step === '.') continue;
    if (step === '..') {
      at = at.parent;
      continue;
    }
    const match = /^([^[\]]+)(?:\[(\d+)\])?$/.exec(step);
    if (!match) return null;
    const index = Number(match[2] ?? '1') - 1;
    at = at.children.filter((child) => child.tag === match[1])[index] ?? null;
  }
  return at;
}

/** The first child of that tag, references followed. */
export const child = (node: TXmlNode, tag: string) => deref(node.children.find((c) => c.tag === tag));
/** The children of that tag, references followed (an unresolvable one is dropped). */
export const childrenOf = (node: TXmlNode | null, tag: string) =>
  (node?.children ?? [])
    .filter((c) => c.tag === tag)
    .map(deref)
    .filter((c): c is TXmlNode => c !== null);
/** The text of the first child of that tag ('' when absent). */
export const textOf = (node: TXmlNode, tag: string) => child(node, tag)?.text ?? '';
