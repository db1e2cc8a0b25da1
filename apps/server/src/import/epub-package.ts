import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import type { PlannedAuthor } from './book-plan';
import type { BookSource } from './book-source';
import { ImportError } from './import-error';

/** An EPUB's package document (OPF), read with a real XML parser: metadata, manifest, spine. */
export interface EpubPackage {
  /** The OPF's entry; hrefs are resolved against its folder. */
  opf: string;
  identifier: string | null;
  title: string;
  titleKana: string;
  creators: PlannedAuthor[];
  publisher: string | null;
  language: string | null;
  description: string | null;
  layout: 'pre-paginated' | 'reflowable';
  flow: string | null;
  /** `rendition:spread` (none: never shown as spreads), null when the package does not say. */
  spread: string | null;
  /** EPUB 2's `<meta name="cover" content="…">`: the manifest id of the cover image. */
  coverId: string | null;
  /** The spine's `toc` (EPUB 2): the manifest id of the NCX. */
  tocId: string | null;
  collection: { name: string; position: number | null } | null;
  pageProgression: 'rtl' | 'ltr' | null;
  manifest: Map<string, ManifestItem>;
  spine: SpineItem[];
}

export interface ManifestItem {
  id: string;
  /** Entry name in the archive (href resolved and percent-decoded). */
  entry: string;
  mediaType: string;
  properties: string[];
}

interface SpineItem {
  idref: string;
  properties: string[];
  linear: boolean;
}

type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'rootfile',
  'item',
  'itemref',
  'meta',
  'title',
  'creator',
  'identifier',
  'publisher',
  'language',
  'description',
  'contributor',
]);
export const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ARRAYS.has(name),
});

const textOf = (node: unknown): string | null => {
  if (typeof node === 'string') return node.trim() || null;
  if (typeof node === 'number') return String(node);
  if (node && typeof node === 'object' && '#text' in node) return textOf((node as Node)['#text']);
  return null;
};
const attr = (node: unknown, name: string): string | null =>
  node && typeof node === 'object' ? textOf((node as Node)[`@_${name}`]) : null;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

const ROLES: Record<string, PlannedAuthor['role']> = {
  aut: 'author',
  art: 'art',
  ill: 'illustration',
  edt: 'editor',
  pht: 'photo',
  ant: 'original',
  org: 'original',
};

/**
 * Resolves an href of a file at `from` (relative, `../image/…`, percent-encoded or not) to an
 * archive entry in NFC, as entry names are kept; null when it leaves the archive or is remote.
 */
export function resolveHref(from: string, href: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(href.split('#')[0]!.split('?')[0]!);
  } catch {
    return null;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), decoded));
  return joined.startsWith('../') || joined === '..' ? null : joined.replace(/^\.\//, '').normalize('NFC');
}

async function readXml(source: BookSource, entry: string): Promise<Node> {
  if (!source.has(entry)) throw new ImportError(source.file, 'missing from the archive', entry);
  try {
    return xml.parse((await source.read(entry)).toString('utf8'), true) as Node;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(source.file, `not well-formed XML (${(error as Error).message})`, entry);
  }
}

export async function readEpubPackage(source: BookSource): Promise<EpubPackage> {
  const container = await readXml(source, 'META-INF/container.xml');
  const rootfiles = list(((container.container as Node | undefined)?.rootfiles as Node | undefined)?.rootfile);
  const opf = rootfiles.map((r) => attr(r, 'full-path')).find((p): p is string => !!p);
  if (!opf) throw new ImportError(source.file, 'names no package document (rootfile)', 'META-INF/container.xml');
  const doc = (await readXml(source, opf)).package as Node | undefined;
  if (!doc) throw new ImportError(source.file, 'no <package> element', opf);
  const metadata = (doc.metadata ?? {}) as Node;
  const metas = list(metadata.meta);
  const refines = (id: string | null, property: string): string | null => {
    if (!id) return null;
    const found = metas.find((m) => attr(m, 'refines') === `#${id}` && attr(m, 'property') === property);
    return found ? textOf(found) : null;
  };
  const property = (name: string) => {
    const found = metas.find((m) => attr(m, 'property') === name && !attr(m, 'refines'));
    return found ? textOf(found) : null;
  };
  const named = (name: string) =>
    attr(
      metas.find((m) => attr(m, 'name') === name),
      'content',
    );

  const uid = attr(doc, 'unique-identifier');
  const identifiers = list(metadata.identifier);
  const identifier = textOf(identifiers.find((i) => attr(i, 'id') === uid) ?? identifiers[0]);
  const titleNode = list(metadata.title)[0];
  const title = textOf(titleNode);
  if (!title) throw new ImportError(source.file, 'the package has no <dc:title>', opf);
  const titleKana = refines(attr(titleNode, 'id'), 'file-as') ?? attr(titleNode, 'file-as') ?? '';

  const creators: PlannedAuthor[] = list(metadata.creator).flatMap((c) => {
    const name = textOf(c);
    if (!name) return [];
    const id = attr(c, 'id');
    const role = refines(id, 'role') ?? attr(c, 'role') ?? 'aut';
    return [{ name, kana: refines(id, 'file-as') ?? attr(c, 'file-as') ?? '', role: ROLES[role] ?? 'author' }];
  });

  const collectionNode = metas.find((m) => attr(m, 'property') === 'belongs-to-collection');
  const position = refines(attr(collectionNode, 'id'), 'group-position');
  const manifest = new Map<string, ManifestItem>();
  for (const item of list((doc.manifest as Node | undefined)?.item)) {
    const id = attr(item, 'id');
    const href = attr(item, 'href');
    if (!id || !href) continue;
    const entry = resolveHref(opf, href);
    if (!entry) throw new ImportError(source.file, `manifest item ${id} points outside the archive (${href})`, opf);
    manifest.set(id, {
      id,
      entry,
      mediaType: attr(item, 'media-type') ?? '',
      properties: (attr(item, 'properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }
  const spineNode = (doc.spine ?? {}) as Node;
  const ppd = attr(spineNode, 'page-progression-direction');
  return {
    opf,
    identifier,
    title,
    titleKana,
    creators,
    publisher: textOf(list(metadata.publisher)[0]),
    language: textOf(list(metadata.language)[0]),
    description: textOf(list(metadata.description)[0]),
    layout: property('rendition:layout') === 'pre-paginated' ? 'pre-paginated' : 'reflowable',
    flow: property('rendition:flow'),
    spread: property('rendition:spread'),
    coverId: named('cover'),
    collection: collectionNode
      ? { name: textOf(collectionNode) ?? title, position: position && /^\d+$/.test(position) ? Number(position) : null }
      : null,
    pageProgression: ppd === 'rtl' || ppd === 'ltr' ? ppd : null,
    tocId: attr(spineNode, 'toc'),
    manifest,
    spine: list(spineNode.itemref).flatMap((ref) => {
      const idref = attr(ref, 'idref');
      return idref
        ? [{ idref, properties: (attr(ref, 'properties') ?? '').split(/\s+/).filter(Boolean), linear: attr(ref, 'linear') !== 'no' }]
        : [];
    }),
  };
}
