import { describe, expect, it } from 'vitest';
import { byteSize } from './byte-size';

describe('byteSize', () => {
  it('writes kilobytes under a megabyte, never 0KB for a stored page', () => {
    expect(byteSize(10)).toBe('1KB');
    expect(byteSize(820 * 1024)).toBe('820KB');
  });
  it('writes megabytes and gigabytes with one decimal', () => {
    expect(byteSize(1.44 * 1024 * 1024)).toBe('1.4MB');
    expect(byteSize(1.25 * 1024 ** 3)).toBe('1.3GB');
  });
});
