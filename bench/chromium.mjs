// Where the bench's browser rows find Chromium, and what to tell a person when it is not there.
import { accessSync, constants } from 'node:fs';

export function chromiumPath() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  let found = true;
  try {
    accessSync(path, constants.X_OK);
  } catch {
    found = false;
  }
  return {
    path,
    found,
    howToInstall:
      'Install it with `apt-get install chromium` (Debian; `.ci/run` does this), or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  };
}
