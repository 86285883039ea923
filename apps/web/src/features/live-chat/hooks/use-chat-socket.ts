import {
  type ChatMessage,
  type ChatServerMessage,
  type Conversation,
  calls,
  chatServerMessageSchema,
} from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ChatConnection = 'connecting' | 'open' | 'reconnecting' | 'expired';
export type ChatFailure = { code: string; params?: Record<string, string | number> };

/** Close code the server uses for a refused chat token (bad or expired). */
const policyViolation = 1008;

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${calls.supportChat.path}`;
}

/**
 * The chat socket of one conversation: authenticates with the chat token, keeps the conversation and its messages
 * (the `ready` snapshot, then every message and status change) and reconnects after a drop with a growing pause
 * (1 s up to 15 s), taking a fresh snapshot each time. A refused token ends in `expired`.
 */
export function useChatSocket(chatToken: string | null) {
  const [connection, setConnection] = useState<ChatConnection>('connecting');
  const [conversation, setConversation] = useState<Conversation | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [failure, setFailure] = useState<ChatFailure | null>(null);
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    if (!chatToken) return;
    let stopped = false;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = (message: ChatServerMessage) => {
      switch (message.type) {
        case 'ready':
          attempts = 0;
          setConnection('open');
          setConversation(message.conversation);
          setMessages(message.messages);
          break;
        case 'message':
          setMessages((current) =>
            current.some((entry) => entry.id === message.message.id) ? current : [...current, message.message],
          );
          break;
        case 'status':
          setConversation(message.conversation);
          break;
        case 'error':
          setFailure({ code: message.code, ...(message.params ? { params: message.params } : {}) });
          break;
        case 'pong':
          break;
      }
    };
    const connect = () => {
      setConnection(attempts === 0 ? 'connecting' : 'reconnecting');
      const socket = new WebSocket(socketUrl());
      socketRef.current = socket;
      socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', chatToken }));
      socket.onmessage = (event) => {
        let value: unknown;
        try {
          value = JSON.parse(String(event.data));
        } catch {
          return;
        }
        const parsed = chatServerMessageSchema.safeParse(value);
        if (parsed.success) handle(parsed.data);
      };
      socket.onclose = (event) => {
        if (socketRef.current === socket) socketRef.current = null;
        if (stopped) return;
        if (event.code === policyViolation) {
          setConnection('expired');
          return;
        }
        attempts += 1;
        setConnection('reconnecting');
        timer = setTimeout(connect, Math.min(15_000, 1000 * 2 ** (attempts - 1)));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [chatToken]);

  /** Sends a message; false when the socket is not open (the text stays in the composer). */
  const send = useCallback((text: string): boolean => {
    const socket = socketRef.current;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    setFailure(null);
    socket.send(JSON.stringify({ type: 'send', text }));
    return true;
  }, []);

  return { connection, conversation, messages, failure, send };
}
