import { calls, type FeedbackInput, feedbackResultSchema } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';

/** `PUT /wps/feedback`. */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => apiCall(calls.feedback, { body: input, schema: feedbackResultSchema }),
  });
}
