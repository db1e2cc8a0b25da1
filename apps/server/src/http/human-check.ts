/**
 * §7's reCaptcha tokens (the lottery's consume call, a card subscription) are decided by a
 * `HumanCheck`. The sandbox passes every token but `fail`, so a real provider (reCAPTCHA,
 * Turnstile) plugs in without touching the calls that ask it.
 */
export interface HumanCheck {
  verify(token: string, context: { remoteIp: string; action: 'lottery_consume' | 'subscription_subscribe' }): Promise<boolean>;
}

export const sandboxHumanCheck: HumanCheck = {
  verify: async (token) => token !== 'fail',
};
