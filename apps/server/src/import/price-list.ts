import path from 'node:path';

/** A price in yen, tax included, as the command takes it: a whole number from 0 to 1,000,000. */
export function parsePrice(text: string): number | null {
  return /^(0|[1-9]\d{0,6})$/.test(text.trim()) && Number(text) <= 1_000_000 ? Number(text) : null;
}

/** One CSV record's fields (RFC 4180: fields may be double-quoted, `""` is a quote inside one). */
function fields(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (!quoted && c === '"' && field === '') {
      quoted = true;
    } else if (!quoted && c === ',') {
      out.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  out.push(field);
  return out.map((f) => f.trim());
}

/**
 * `--prices FILE`: a CSV of `file,price` lines (a `file,price` header line is allowed), the file
 * named as given on the command line or by its name alone. Books in it are put on sale at their
 * price; the others wait unlisted. A malformed line is refused naming its number.
 */
export class PriceList {
  private constructor(private readonly prices: Map<string, number>) {}

  static parse(csv: string): PriceList {
    const prices = new Map<string, number>();
    const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const [file = '', priceText = '', ...rest] = fields(line);
      if (i === 0 && file.toLowerCase() === 'file' && priceText.toLowerCase() === 'price') return;
      const price = parsePrice(priceText);
      if (file === '' || price === null || rest.some((r) => r !== ''))
        throw new Error(`line ${i + 1}: expected "file,price" with a price in whole yen, got "${line}"`);
      if (price === 0) throw new Error(`line ${i + 1}: a book put on sale needs a price above 0 yen`);
      prices.set(file, price);
    });
    return new PriceList(prices);
  }

  /** The price for a book file: by the path as given, else by its name; undefined when not listed. */
  priceOf(file: string): number | undefined {
    return this.prices.get(file) ?? this.prices.get(path.normalize(file)) ?? this.prices.get(path.basename(file));
  }
}
