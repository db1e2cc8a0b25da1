import { describe, expect, it } from 'vitest';
import { adminNext, requestedPage } from './second-factor-next';

describe('the console page a request is for', () => {
  it('is the page itself for a document request, with its query', () => {
    expect(requestedPage(new URL('http://localhost/admin/passkeys'))).toBe('/admin/passkeys');
    expect(requestedPage(new URL('http://localhost/admin/members?q=a%40b.jp'))).toBe('/admin/members?q=a%40b.jp');
  });

  it("drops single fetch's .data suffix and _routes parameter (a client-side navigation's loader request)", () => {
    expect(requestedPage(new URL('http://localhost/admin/passkeys.data'))).toBe('/admin/passkeys');
    expect(requestedPage(new URL('http://localhost/admin/staff.data?_routes=routes%2Fadmin'))).toBe('/admin/staff');
    expect(requestedPage(new URL('http://localhost/admin/members.data?q=x&_routes=routes%2Fadmin'))).toBe('/admin/members?q=x');
    expect(requestedPage(new URL('http://localhost/_root.data'))).toBe('/');
    expect(adminNext(requestedPage(new URL('http://localhost/admin/passkeys.data')), 'support')).toBe('/admin/passkeys');
  });
});
