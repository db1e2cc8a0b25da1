import { describe, expect, it } from 'vitest';
import { subscriptionTeaserMode } from './subscription-teaser';

const plan = { id: 1 };

describe('subscriptionTeaserMode (§4 manga coin, guest, none)', () => {
  it('shows the manga coin teaser to a member and the guest teaser to a guest when there is a plan', () => {
    expect(subscriptionTeaserMode({ request: 'done', appeal: { status: 'ACTIVE', loggedIn: true, plan } })).toBe('mangaCoin');
    expect(subscriptionTeaserMode({ request: 'done', appeal: { status: 'ACTIVE', loggedIn: false, plan } })).toBe('guest');
  });

  it('shows none for the two hidden statuses with no plan, and when the appeal failed', () => {
    expect(subscriptionTeaserMode({ request: 'done', appeal: { status: 'SUBSCRIBED', loggedIn: true, plan: null } })).toBe('none');
    expect(subscriptionTeaserMode({ request: 'done', appeal: { status: 'UNAVAILABLE', loggedIn: false, plan: null } })).toBe('none');
    expect(subscriptionTeaserMode({ request: 'failed', appeal: null })).toBe('none');
  });

  it('keeps a placeholder while pending, or active with no plan', () => {
    expect(subscriptionTeaserMode({ request: 'pending', appeal: null })).toBe('placeholder');
    expect(subscriptionTeaserMode({ request: 'done', appeal: { status: 'ACTIVE', loggedIn: true, plan: null } })).toBe('placeholder');
  });

  it('hides the teaser of a subscribed member even if a plan came along', () => {
    expect(subscriptionTeaserMode({ request: 'done', appeal: { status: 'SUBSCRIBED', loggedIn: true, plan } })).toBe('none');
  });
});
