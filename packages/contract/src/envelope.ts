import { z } from 'zod';

/** One problem found while validating a request, pointing at the offending field. */
export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
  code: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** The failure half of the envelope: every error the API returns has this shape. */
export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
  issues: z.array(validationIssueSchema).optional(),
  requestId: z.string(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

/** Wraps a value schema in the success half of the envelope: `{ success: true, value }`. */
export function okEnvelope<T extends z.ZodType>(value: T) {
  return z.object({ success: z.literal(true), value });
}

export type OkEnvelope<T> = { success: true; value: T };
export type Envelope<T> = OkEnvelope<T> | FailureEnvelope;
