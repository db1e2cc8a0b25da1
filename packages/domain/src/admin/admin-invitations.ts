/**
 * The console's rules across the fields of the invitation campaigns: checked on a new one (the create body's
 * refinement in `admin-invitations-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import type { InvitationCampaignFields } from './admin-invitations-api';

/** A campaign's rules across its fields: checked on a new one, and on a saved one as the save leaves it. */
export function checkInvitationCampaign(c: InvitationCampaignFields, ctx: z.RefinementCtx) {
  if (c.end <= c.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
  const { limit, useSteps, steps } = c.inviterIncentive;
  if (useSteps && limit > steps.length)
    ctx.addIssue({ code: 'custom', path: ['inviterIncentive', 'limit'], message: `must not exceed the ${steps.length} steps` });
}
