/**
 * Response parts every area's schemas share: the §7 `status` envelope, a `create_token` answer
 * and the §8 error body (for the routes that answer an expected refusal with 200 and a body).
 */
import { z } from 'zod';
import { ErrorCode } from './errors';

/** `{ code: 0 }`: the §7 status of a call that succeeded. */
export const OkStatus = z.object({ code: z.literal(0) });

/** `{ status: { code: 0 } }`: a call that answers nothing more. */
export const OkResponse = z.object({ status: OkStatus });
export type OkResponse = z.infer<typeof OkResponse>;

/** The answer of every §7 `create_token` call: a one-time token for this member and purpose. */
export const CreatedToken = z.object({ status: z.object({ code: z.literal(0), token: z.string() }) });
export type CreatedToken = z.infer<typeof CreatedToken>;

/** The wire shape of an error (§8), for a schema whose route answers one with its own status. */
export const ErrorResponse = z.object({
  errorCode: z.enum(Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]]),
  messages: z.array(z.string()).optional(),
});
