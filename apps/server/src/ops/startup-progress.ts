/**
 * The lines a person starting the store sees before it serves: one line rewritten in place on
 * a terminal (`update`), plain lines otherwise (a log file, a process manager). Long steps of
 * the start (making the demo catalog, an import) report through `update`; `done` ends the line.
 */
export interface StartupProgress {
  update(message: string): void;
  done(message?: string): void;
}

export function startupProgress(stream: NodeJS.WriteStream = process.stdout): StartupProgress {
  const live = stream.isTTY === true;
  let open = false;
  return {
    update(message) {
      if (live) {
        stream.write(`\r\x1b[K${message}`);
        open = true;
      } else {
        stream.write(`${message}\n`);
      }
    },
    done(message) {
      if (live && open) stream.write(message ? `\r\x1b[K${message}\n` : '\n');
      else if (message) stream.write(`${message}\n`);
      open = false;
    },
  };
}
