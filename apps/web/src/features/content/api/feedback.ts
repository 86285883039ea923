import { calls, type FeedbackInput, feedbackResultSchema, requestHeaders } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client';
import { getToken } from '@/lib/storage';

/**
 * `PUT /wps/feedback`. Open to visitors, so the call table does not add the session token; a logged-in member's
 * token is sent all the same, because the server names the account as the sender (the form then asks no name)
 * and an operator's reply can reach that member's inbox.
 */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) => {
      const token = getToken();
      return apiCall(calls.feedback, {
        body: input,
        schema: feedbackResultSchema,
        ...(token ? { headers: { [requestHeaders.authorization]: token } } : {}),
      });
    },
  });
}
