import {
  type AnnouncementInput,
  type AnnouncementType,
  type ArticleInput,
  type ArticleKind,
  announcementPreviewSchema,
  contentBackofficePaths,
  contentDeletedSchema,
  type FeedbackStatus,
  type HelpArticleInput,
  type HelpCategoryTitles,
  type HelpOrderInput,
  type ListSort,
  type MessageSegmentInput,
  messageAudienceSchema,
  type OperatorFeedbackSort,
  type OperatorMessageInput,
  type OperatorMessageSort,
  operatorAnnouncementListSchema,
  operatorAnnouncementSchema,
  operatorArticleListSchema,
  operatorArticleSchema,
  operatorFeedbackPageSchema,
  operatorFeedbackSchema,
  operatorHelpArticleSchema,
  operatorHelpCenterSchema,
  operatorMessagePageSchema,
  operatorMessageSchema,
} from '@portal/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { boCall } from '@/lib/api-client';

const pageSize = 20;
export const announcementsQueryKey = ['bo', 'content', 'announcements'] as const;
export const messagesQueryKey = ['bo', 'content', 'messages'] as const;
export const feedbackQueryKey = ['bo', 'content', 'feedback'] as const;
export const articlesQueryKey = ['bo', 'content', 'articles'] as const;
export const helpQueryKey = ['bo', 'content', 'help'] as const;

export function useAnnouncementList(type: AnnouncementType | '') {
  return useQuery({
    queryKey: [...announcementsQueryKey, type],
    queryFn: ({ signal }) =>
      boCall('GET', contentBackofficePaths.announcements, {
        schema: operatorAnnouncementListSchema,
        query: { type: type || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AnnouncementInput }) =>
      id === null
        ? boCall('POST', contentBackofficePaths.announcements, { schema: operatorAnnouncementSchema, body: input })
        : boCall('PUT', contentBackofficePaths.announcement, {
            schema: operatorAnnouncementSchema,
            params: { id },
            body: input,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}

export function useDeleteAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      boCall('DELETE', contentBackofficePaths.announcement, {
        schema: contentDeletedSchema,
        params: { id },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}

export function usePreviewAnnouncement() {
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      boCall('POST', contentBackofficePaths.announcementPreview, { schema: announcementPreviewSchema, body: input }),
  });
}

export const newestMessageFirst: ListSort<OperatorMessageSort> = { sort: 'createdAt', order: 'desc' };
export const newestFeedbackFirst: ListSort<OperatorFeedbackSort> = { sort: 'createdAt', order: 'desc' };

export function useSentMessages(pageNo: number, sorting: ListSort<OperatorMessageSort> = newestMessageFirst) {
  return useQuery({
    queryKey: [...messagesQueryKey, pageNo, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', contentBackofficePaths.messages, {
        schema: operatorMessagePageSchema,
        query: { pageNo, pageSize, ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OperatorMessageInput) =>
      boCall('POST', contentBackofficePaths.messages, { schema: operatorMessageSchema, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: messagesQueryKey }),
  });
}

export function useFeedbackList(
  status: FeedbackStatus | '',
  pageNo: number,
  sorting: ListSort<OperatorFeedbackSort> = newestFeedbackFirst,
) {
  return useQuery({
    queryKey: [...feedbackQueryKey, status, pageNo, sorting],
    queryFn: ({ signal }) =>
      boCall('GET', contentBackofficePaths.feedback, {
        schema: operatorFeedbackPageSchema,
        query: { status: status || undefined, pageNo, pageSize, ...sorting },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSetFeedbackStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: FeedbackStatus }) =>
      boCall('PUT', contentBackofficePaths.feedbackItem, {
        schema: operatorFeedbackSchema,
        params: { id },
        body: { status },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackQueryKey }),
  });
}

export function useArticleList(kind: ArticleKind | '') {
  return useQuery({
    queryKey: [...articlesQueryKey, kind],
    queryFn: ({ signal }) =>
      boCall('GET', contentBackofficePaths.articles, {
        schema: operatorArticleListSchema,
        query: { kind: kind || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArticleInput }) =>
      id === null
        ? boCall('POST', contentBackofficePaths.articles, { schema: operatorArticleSchema, body: input })
        : boCall('PUT', contentBackofficePaths.article, { schema: operatorArticleSchema, params: { id }, body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: articlesQueryKey }),
  });
}

export function usePublishArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: number; published: boolean }) =>
      boCall('PUT', contentBackofficePaths.articlePublish, {
        schema: operatorArticleSchema,
        params: { id },
        body: { published },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: articlesQueryKey }),
  });
}

export function useDeleteArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      boCall('DELETE', contentBackofficePaths.article, { schema: contentDeletedSchema, params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: articlesQueryKey }),
  });
}

/** How many members a segment reaches now (asked before sending). */
export function useMessageAudience() {
  return useMutation({
    mutationFn: (segment: MessageSegmentInput) =>
      boCall('POST', contentBackofficePaths.messageAudience, { schema: messageAudienceSchema, body: segment }),
  });
}

/** Answers a member's feedback in their inbox (the feedback is then resolved). */
export function useReplyToFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, content }: { id: number; content: string }) =>
      boCall('POST', contentBackofficePaths.feedbackReply, {
        schema: operatorFeedbackSchema,
        params: { id },
        body: { content },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: feedbackQueryKey }),
  });
}

export function useHelpCenterEditor() {
  return useQuery({
    queryKey: helpQueryKey,
    queryFn: ({ signal }) => boCall('GET', contentBackofficePaths.help, { schema: operatorHelpCenterSchema, signal }),
  });
}

export function useSaveHelpArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: HelpArticleInput }) =>
      id === null
        ? boCall('POST', contentBackofficePaths.helpArticles, { schema: operatorHelpArticleSchema, body: input })
        : boCall('PUT', contentBackofficePaths.helpArticle, {
            schema: operatorHelpArticleSchema,
            params: { id },
            body: input,
          }),
    onSettled: () => client.invalidateQueries({ queryKey: helpQueryKey }),
  });
}

export function useDeleteHelpArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      boCall('DELETE', contentBackofficePaths.helpArticle, { schema: contentDeletedSchema, params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: helpQueryKey }),
  });
}

export function useRenameHelpCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, titles }: { key: string; titles: HelpCategoryTitles }) =>
      boCall('PUT', contentBackofficePaths.helpCategory, {
        schema: operatorHelpCenterSchema.shape.categories.element,
        params: { category: key },
        body: { titles },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: helpQueryKey }),
  });
}

export function useDeleteHelpCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      boCall('DELETE', contentBackofficePaths.helpCategory, {
        schema: contentDeletedSchema,
        params: { category: key },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: helpQueryKey }),
  });
}

/** Saves the whole order; the list shows the new order at once and the server's answer replaces it. */
export function useSetHelpOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (order: HelpOrderInput) =>
      boCall('PUT', contentBackofficePaths.helpOrder, { schema: operatorHelpCenterSchema, body: order }),
    onSuccess: (center) => client.setQueryData(helpQueryKey, center),
    onSettled: () => client.invalidateQueries({ queryKey: helpQueryKey }),
  });
}
