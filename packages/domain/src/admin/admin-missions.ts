/**
 * The console's rules across the fields of the missions: checked on a new one (the create body's
 * refinement in `admin-missions-api.ts`) and on a saved one as the save leaves it (the server's service).
 */
import type { z } from 'zod';
import { MissionRewardType } from '../campaigns/missions';
import type { MissionFields } from './admin-missions-api';

/** A mission's rules across its fields: checked on a new one, and on a saved one as the save leaves it. */
export function checkMission(m: MissionFields, ctx: z.RefinementCtx) {
  if (m.end <= m.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must end after it starts' });
  const ids = m.tasks.flatMap((t) => (t.id === undefined ? [] : [t.id]));
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['tasks'], message: 'must not repeat a task' });
  if (m.bonus.rewardType !== MissionRewardType.TICKET && m.bonus.lotteryCampaignId !== null) {
    ctx.addIssue({ code: 'custom', path: ['bonus', 'lotteryCampaignId'], message: 'is only for a lottery ticket bonus' });
  }
}
