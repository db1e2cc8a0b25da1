/** The process probes (`GET /healthz`, `GET /readyz`): what an orchestrator reads. */
import { z } from 'zod';

export const Liveness = z.object({ status: z.literal('ok') });
export type Liveness = z.infer<typeof Liveness>;

/** Each check by name: `ok`, or why it failed. */
export const Readiness = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.record(z.string(), z.string()),
});
export type Readiness = z.infer<typeof Readiness>;
