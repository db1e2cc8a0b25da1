/**
 * The publisher of a name, added if new: the console's (it owns `publishers`, issue 43). The
 * import adds the publisher a file names through it, handed over by whoever runs the import (the
 * console's upload, the import command, the demo): the console imports the import, so the import
 * does not import the console.
 */
export { findOrAddPublisher } from './admin-catalog.repository';
