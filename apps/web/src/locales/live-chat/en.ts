/** English texts of the live-chat window (loaded with it, see ./index.ts). */
export const liveChatEn = {
  liveChat: {
    title: 'Live chat',
    subtitle: 'Our customer service team answers here.',
    panel: {
      close: 'Close live chat',
      openPage: 'Open live chat as a full page',
    },
    start: {
      intro: 'Tell us your name and we will connect you with customer service.',
      memberIntro: 'Start a chat with customer service.',
      name: 'Your name',
      submit: 'Start chat',
    },
    status: {
      connecting: 'Connecting…',
      waiting: 'Waiting for an agent',
      assigned: '{{name}} is with you',
      reconnecting: 'Connection lost — reconnecting…',
      closed: 'This chat has ended.',
      expired: 'This chat link has expired.',
    },
    empty: 'Write your question below; an agent will answer shortly.',
    you: 'You',
    agent: 'Customer service',
    message: 'Message',
    placeholder: 'Type a message…',
    send: 'Send',
    counter: '{{count}} / {{max}}',
    newChat: 'Start a new chat',
    messagesLabel: 'Chat messages',
    close: 'Close chat',
  },
};

export type LiveChatMessages = typeof liveChatEn;
