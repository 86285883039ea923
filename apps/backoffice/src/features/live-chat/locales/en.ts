/** English texts of the live-chat console. */
export const liveChatBoEn = {
  liveChatBo: {
    title: 'Live chat',
    description:
      'Members and visitors writing to customer service. Take a conversation, answer it, close it when done.',
    views: 'Conversations',
    status: { waiting: 'Waiting', assigned: 'Assigned', closed: 'Closed' },
    empty: 'No conversations here.',
    pick: 'Choose a conversation on the left to read and answer it.',
    visitor: 'Visitor',
    member: 'Member #{{id}}',
    unread: '{{count, number}} unread',
    assignedTo: 'Assigned to {{name}}',
    noMessages: 'No messages yet.',
    assign: 'Assign to me',
    close: 'Close conversation',
    closeConfirm: 'Close this conversation? The member can no longer write to it.',
    reply: 'Reply',
    replyPlaceholder: 'Write an answer…',
    send: 'Send',
    closedNote: 'This conversation is closed.',
    you: 'You',
    counter: '{{count, number}} / {{max, number}}',
    socket: { connecting: 'Connecting…', live: 'Live', offline: 'Offline — reconnecting' },
    messagesLabel: 'Messages with {{name}}',
  },
};
export type LiveChatBoMessages = typeof liveChatBoEn;
