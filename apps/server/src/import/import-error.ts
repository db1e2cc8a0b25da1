/**
 * Why a file could not be imported, naming the file and, where there is one, the entry inside
 * it. The command prints the message (never a stack) and goes on with the next file.
 */
export class ImportError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
    readonly entry?: string,
  ) {
    super(entry === undefined ? `${file}: ${reason}` : `${file}: ${entry}: ${reason}`);
    this.name = 'ImportError';
  }
}
