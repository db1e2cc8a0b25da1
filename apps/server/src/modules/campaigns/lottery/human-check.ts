/**
 * The §7 consume call carries a reCaptcha token. A `HumanCheck` decides it; the sandbox passes
 * every token but `fail`, so a real provider (reCAPTCHA, Turnstile) plugs in without touching
 * the draw.
 */
export interface HumanCheck {
  verify(token: string, context: { remoteIp: string; action: 'lottery_consume' }): Promise<boolean>;
}

export const sandboxHumanCheck: HumanCheck = {
  verify: async (token) => token !== 'fail',
};
